/**
 * The form engine (002 §4 "Form builder"): `FormBlock` renders one form definition as an island
 * (props: the definition and serialisable options). `trackPromotionalLinks` tracks clicks on the
 * promotional links (started by the page's entry); `pushAnalytics` pushes any event to window.dataLayer.
 */
export { FormBlock, stepNumber, type FormBlockOptions, type FormBlockProps } from './FormBlock';
export { pushAnalytics, trackFormSubmitClick, trackPromotionalLinks, PROMOTIONAL_LINKS } from './analytics';
export { createFormStore, type FormStore } from './form-store';
export { postForm, HONEYPOT_FIELD, type FormPost, type FormPostResult } from './form-api';
export { TEST_CAPTCHA_TOKEN } from './Captcha';
