/**
 * The validation catalogue's user-facing messages, word for word. Every
 * message a form, the checkout or the server shows for a field comes from here, so a test can check
 * each one once.
 */

export const FIELD_MESSAGES = {
  required: 'This field is required',
  email: 'Invalid email address',
  number: 'Must be a number',
  selectAtLeastOne: 'Select at least one option',
  invalidSelection: 'Invalid selection',
  unsupportedFileFormat: 'Unsupported file format',
  /** Shown when a file of a wrong type is dropped on an upload field. */
  fileFormatNotSupported: 'File format is not supported',
  fileRequired: 'At least one file is required',
  captcha: 'Please complete the reCAPTCHA verification',
} as const;

/**
 * E-mail refusals in words of our own (the original site had none): addresses made to look like
 * another (schemas/evaluators/email-address.ts). Shown under the e-mail field like its other messages.
 */
export const EMAIL_MESSAGES = {
  invisibleCharacters: 'Email address contains invisible or formatting characters. Please type it again.',
  mixedScripts: 'Email address mixes letters of different alphabets (such as Latin and Cyrillic). Please check its spelling.',
} as const;

export const tooShort = (label: string): string => `${label} seems too short`;
export const tooLong = (label: string): string => `${label} seems too long`;
/** A value that does not match its field's `pattern`, when the field gives no patternMessage (the specification words none). */
export const notInExpectedFormat = (label: string): string => `${label} is not in the expected format`;
export const fileTooLarge = (maxMb: number): string => `File is too large, maximum allowed size is ${maxMb}MB`;

/** The form builder's last-resort error, with the original's spelling. */
export const GENERIC_SUBMIT_ERROR = 'Something went wrong. Plase try again later.';
/** Form builder success texts. */
export const FORM_SUCCESS_TITLE = 'Thank you!';
export const FORM_SUCCESS_MESSAGE = 'Your form has been submitted successfully.';
export const FORM_THANK_YOU_MESSAGE = 'We have received your message. Our Team will contact you soon.';
/** Form post failure. */
export const SUBMISSION_FAILED = 'Submission failed';
