import type { FromSchema } from 'json-schema-to-ts';
import { actionSchema } from '../common.schema';

/**
 * The customer account pages' blocks. Each is
 * an island: the data is one customer's, fetched in the browser with the session cookie, so the
 * server renders only a frame and a loading state. A signed-out visitor is sent to
 * /my-account/login?returnTo=… . The sign-in, registration and password forms are ordinary `form`
 * blocks whose definitions name an `account` action (schemas/forms/form.schema.ts).
 */
const common = {
  id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
  title: { title: 'Heading', type: 'string', minLength: 1, description: 'Heading of the block (h1). Each block has a default.' },
} as const;

export const accountHomeBlockSchema = {
  type: 'object',
  title: 'Account home block',
  description: 'The account home (/my-account): a greeting with the customer name, links to orders, quotes and addresses, and Sign out.',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'account-home', description: 'Block type: account-home.' },
    ...common,
  },
} as const;

export const accountAddressesBlockSchema = {
  type: 'object',
  title: 'Saved addresses block',
  description:
    "The customer's saved addresses as cards with Default Shipping / Default Billing badges, Edit, Delete (with a confirmation) and the default actions; 'No addresses saved yet.' when there are none.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'account-addresses', description: 'Block type: account-addresses.' },
    ...common,
  },
} as const;

export const accountAddressFormBlockSchema = {
  type: 'object',
  title: 'Address form block',
  description:
    "Adds an address, or edits the one of the route's `id` parameter ('Address not found.' for an unknown one); the fields follow the checkout field rules.",
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { title: 'Type', const: 'account-address-form', description: 'Block type: account-address-form.' },
    ...common,
  },
} as const;

export const accountListBlockSchema = {
  type: 'object',
  title: 'Orders or quotes list block',
  description: "The customer's orders or quotes, newest first, a page at a time, each linking to its detail page.",
  additionalProperties: false,
  required: ['type', 'list'],
  properties: {
    type: { title: 'Type', const: 'account-list', description: 'Block type: account-list.' },
    list: { title: 'List', enum: ['orders', 'quotes'], description: 'Which list.' },
    pageSize: { title: 'Page size', type: 'integer', minimum: 1, maximum: 50, description: 'Entries a page. Default 10.' },
    ...common,
  },
} as const;

export const accountDetailBlockSchema = {
  type: 'object',
  title: 'Order or quote detail block',
  description:
    "One of the customer's orders or quotes, the one the page's address names: number, date, status, items with options, totals, addresses, shipping and payment.",
  additionalProperties: false,
  required: ['type', 'kind'],
  properties: {
    type: { title: 'Type', const: 'account-detail', description: 'Block type: account-detail.' },
    kind: { title: 'Kind', enum: ['order', 'quote'], description: 'An order or a quote.' },
    ...common,
  },
} as const;

export const accountLinksBlockSchema = {
  type: 'object',
  title: 'Account links block',
  description: "Links under an account form, e.g. 'Forgot your password?' and 'Create an account' under the sign-in form. Static: no JavaScript.",
  additionalProperties: false,
  required: ['type', 'links'],
  properties: {
    type: { title: 'Type', const: 'account-links', description: 'Block type: account-links.' },
    id: { title: 'Name for links to it', type: 'string', description: 'Optional: a link ending in # and this name leads straight to this block.' },
    text: { title: 'Text', type: 'string', minLength: 1, description: 'A line before the links.' },
    links: { title: 'Links', type: 'array', minItems: 1, items: actionSchema, description: 'The links (variant link by default).' },
  },
} as const;

export const accountBlockSchemas = [accountLinksBlockSchema, accountHomeBlockSchema, accountAddressesBlockSchema, accountAddressFormBlockSchema, accountListBlockSchema, accountDetailBlockSchema] as const;

export type AccountHomeBlock = FromSchema<typeof accountHomeBlockSchema>;
export type AccountAddressesBlock = FromSchema<typeof accountAddressesBlockSchema>;
export type AccountAddressFormBlock = FromSchema<typeof accountAddressFormBlockSchema>;
export type AccountListBlock = FromSchema<typeof accountListBlockSchema>;
export type AccountDetailBlock = FromSchema<typeof accountDetailBlockSchema>;
export type AccountLinksBlock = FromSchema<typeof accountLinksBlockSchema>;
