/**
 * Form definitions: a single-step form lists `fields`;
 * a multi-step form lists `steps`, each with its own fields and actions.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { schemaId } from '../schema-id';
import { fieldDefinitions, formFieldRef, type FormField } from './form-field.schema';

const buttonSchema = {
  type: 'object',
  title: 'Button',
  description: 'A button of the form.',
  additionalProperties: false,
  required: ['text'],
  properties: {
    text: { title: 'Text', type: 'string', minLength: 1, description: 'Words on the button.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this part\'s look in the site\'s styles; leave empty unless told.' },
  },
} as const;

export const emailNotificationsSchema = {
  type: 'object',
  title: 'E-mail notifications',
  description: 'What the server e-mails after a successful submission.',
  additionalProperties: false,
  properties: {
    sendSuccessEmail: { title: 'Send success email', type: 'boolean', description: 'Send the visitor a confirmation e-mail (to the value of the first email field).' },
    emailTemplateId: { title: 'E-mail template', type: 'string', description: 'Name of the e-mail template the server uses.' },
  },
} as const;

export const formMetadataSchema = {
  type: 'object',
  title: 'Metadata',
  description: 'Free key/value pairs sent with every submission (e.g. the source of a lead).',
  additionalProperties: { type: ['string', 'number', 'boolean'], description: 'A metadata value.' },
} as const;

const stepSchema = {
  type: 'object',
  title: 'Step',
  description: 'One step of a multi-step form. Next validates the step and sends its data before advancing.',
  additionalProperties: false,
  required: ['fields'],
  properties: {
    title: { title: 'Title', type: 'string', description: 'Heading of the step.' },
    subTitle: { title: 'Subtitle', type: 'string', description: 'Line under the heading.' },
    description: { title: 'Description', type: 'string', description: 'Text above the fields.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this step\'s look in the site\'s styles; leave empty unless told.' },
    layout: { title: 'Layout', enum: ['one-column', 'two-columns', 'grid'], description: 'How the fields are arranged. Default grid (fields use column and span).' },
    fields: { title: 'Fields', type: 'array', minItems: 1, items: formFieldRef, description: 'The fields of the step, in order.' },
    actions: {
      type: 'object',
      title: 'Step actions',
      description: 'The buttons of the step. The last step sends the e-mail notifications.',
      additionalProperties: false,
      properties: {
        back: { ...buttonSchema, title: 'Back', description: 'Goes back one step.' },
        next: { ...buttonSchema, title: 'Next', description: 'Validates this step, saves it and goes to the next one.' },
        submit: { ...buttonSchema, title: 'Submit', description: 'Validates and sends the last step.' },
        reset: { ...buttonSchema, title: 'Reset', description: 'Clears the step.' },
      },
    },
    disclaimer: { title: 'Disclaimer', type: 'string', description: 'Small print under the step (simple HTML allowed).' },
  },
} as const;

/** The account endpoints a form may be sent to (a fixed list: a definition never names a free URL). */
export const ACCOUNT_FORM_ACTIONS = ['register', 'sign-in', 'forgot-password', 'reset-password'] as const;
export type AccountFormAction = (typeof ACCOUNT_FORM_ACTIONS)[number];

export const formSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('form'),
  type: 'object',
  title: 'Form definition',
  description: 'A form of the site: in one step (give fields) or several (give steps).',
  additionalProperties: false,
  required: ['name'],
  definitions: fieldDefinitions,
  properties: {
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    name: { title: 'Name',
      type: 'string',
      pattern: '^[a-z0-9][a-z0-9-]*$',
      description: 'Name of the form; the same as its file name.',
    },
    title: { title: 'Title', type: 'string', description: 'Heading shown above the form.' },
    description: { title: 'Description', type: 'string', description: 'Text under the heading.' },
    className: { title: 'Style names', type: 'string', description: 'Names a designer gave this form\'s look in the site\'s styles; leave empty unless told.' },
    layout: { title: 'Layout', enum: ['one-column', 'two-columns', 'grid'], description: 'How the fields are arranged. Default grid (fields use column and span).' },
    fields: { title: 'Fields', type: 'array', minItems: 1, items: formFieldRef, description: 'Fields of a single-step form, in order.' },
    steps: { title: 'Steps', type: 'array', minItems: 1, items: stepSchema, description: 'Steps of a multi-step form, in order.' },
    buttons: {
      type: 'object',
      title: 'Buttons',
      description: 'Buttons of a single-step form.',
      additionalProperties: false,
      properties: {
        submit: { ...buttonSchema, title: 'Submit', description: 'Sends the form. Default text: Submit.' },
        reset: { ...buttonSchema, title: 'Reset', description: 'Clears the form. Not shown unless given.' },
      },
    },
    messages: {
      type: 'object',
      title: 'Messages',
      description: 'Texts shown after sending.',
      additionalProperties: false,
      properties: {
        success: { title: 'Success', type: 'string', description: "Shown after a successful submission. Default: 'Your form has been submitted successfully.'" },
        error: { title: 'Error', type: 'string', description: "Shown when sending fails and the server gives no message. Default: 'Something went wrong. Plase try again later.'" },
      },
    },
    googleReCaptcha: { title: 'Captcha',
      type: 'boolean',
      description:
        "Ask for a reCAPTCHA token before sending ('Please complete the reCAPTCHA verification'). Required when the form e-mails the address the visitor types (emailNotifications.sendSuccessEmail, actions.subscribeNewsletter or a newsletter field).",
    },
    emailNotifications: emailNotificationsSchema,
    config: {
      type: 'object',
      title: 'Config',
      description: 'Behaviour switches of the form.',
      additionalProperties: false,
      properties: {
        resetOnSuccess: { title: 'Reset on success', type: 'boolean', description: 'Clear the form after a successful submission. Default true.' },
        successMessageSeconds: { title: 'Success message shown (seconds)', type: 'number', minimum: 0, description: 'How long the result message shows. Default 5.' },
        showThankYou: { title: 'Show thank you', type: 'boolean', description: "Replace the form by the 'Thank you!' panel after success. Default false." },
        analyticsEvent: { title: 'Analytics event', type: 'string', description: 'Name of the analytics event pushed on submit, e.g. form_submit_click or FKD_form_click.' },
      },
    },
    actions: {
      type: 'object',
      title: 'Actions',
      description: 'What happens after a successful submission.',
      additionalProperties: false,
      properties: {
        redirect: { title: 'Redirect', type: 'string', description: 'Path to go to after success, e.g. /order/success.' },
        subscribeNewsletter: { title: 'Subscribe newsletter', type: 'boolean', description: 'Subscribe the e-mail address to the newsletter (also done when a newsletter field is checked).' },
      },
    },
    account: { title: 'Account',
      enum: ACCOUNT_FORM_ACTIONS,
      description:
        'Makes this a customer account form (register, sign in, forgot or reset the password): it signs the customer up or in instead of storing a submission. Only account forms may hold password fields.',
    },
    metadata: formMetadataSchema,
  },
} as const;

/*
 * The types take the field lists from form-field.schema.ts (FormField) rather than resolving the
 * schema's $refs again: the fully derived type is deep enough that tsc gives up comparing it.
 */
type Fieldless<S extends { properties: object }, K extends string, R extends readonly string[]> = Omit<S, 'properties' | 'definitions' | 'required'> & {
  properties: Omit<S['properties'], K>;
  required: R;
};
export type FormStep = FromSchema<Fieldless<typeof stepSchema, 'fields', []>> & { fields: FormField[] };
export type FormDefinition = FromSchema<Fieldless<typeof formSchema, 'fields' | 'steps', ['name']>> & { fields?: FormField[]; steps?: FormStep[] };
export type EmailNotifications = FromSchema<typeof emailNotificationsSchema>;
