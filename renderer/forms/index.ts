/**
 * The form engine: `FormBlock` renders one form definition as an island
 * (props: the definition and serialisable options). `trackPromotionalLinks` tracks clicks on the
 * promotional links (started by the page's entry); `pushAnalytics` pushes any event to window.dataLayer.
 * The store, the field components and the form API client live in widgets/forms, because the
 * estimator widget draws its fields with them too and a widget never imports the renderer; this
 * folder keeps the block, its submit flow, captcha, analytics and the account forms.
 */
export { FormBlock, stepNumber, type FormBlockOptions, type FormBlockProps } from './FormBlock';
export { pushAnalytics, trackFormSubmitClick, trackPromotionalLinks, PROMOTIONAL_LINKS } from './analytics';
export { createFormStore, type FormStore } from '../../widgets/forms/form-store';
export { postForm, HONEYPOT_FIELD, type FormPost, type FormPostResult } from '../../widgets/forms/form-api';
export { TEST_CAPTCHA_TOKEN } from '../../widgets/forms/Captcha';
