import type { FromSchema } from 'json-schema-to-ts';
import { PAYMENT_INTEGRATION_IDS, integrationTitle, PAYMENT_INTEGRATIONS } from './payment-integrations';
import { schemaId } from './schema-id';

/** Each choice with its SAQ in its title, so the studio's editor shows the questionnaire beside it. */
const integrationChoices = PAYMENT_INTEGRATION_IDS.map((id) => ({ const: id, title: integrationTitle(id), description: PAYMENT_INTEGRATIONS[id].why }));

export const paymentMethodSchema = {
  type: 'object',
  title: 'Payment method',
  description: 'One way to pay, offered at checkout, on quote payment or on split payment.',
  additionalProperties: false,
  required: ['name', 'title', 'enabled', 'gateway'],
  properties: {
    name: { title: 'Name', type: 'string', minLength: 1, description: 'Unique code of the method, e.g. card.' },
    title: { title: 'Title', type: 'string', minLength: 1, description: 'What the customer reads.' },
    description: { title: 'Description', type: 'string', description: 'A line under the title.' },
    enabled: { title: 'Enabled', type: 'boolean', description: 'Only enabled methods are offered.' },
    isDefault: { title: 'Default', type: 'boolean', description: 'Preselected method; the first enabled one if none is flagged.' },
    gateway: { title: 'Gateway', enum: ['test', 'stripe', 'paypal', 'authorizenet'], description: 'Which gateway takes the payment.' },
    integration: {
      title: 'How the card is taken',
      description:
        "How this method takes the card, and the PCI DSS questionnaire (SAQ) that choice puts the store under. Default: the gateway's SAQ A path (Stripe Payment Element, PayPal buttons, Authorize.net Accept Hosted by redirect; Accept Hosted in a frame of the page is the other SAQ A choice); Authorize.net Accept.js with the store's own fields (SAQ A-EP) only when chosen. It must be one of this method's gateway.",
      oneOf: integrationChoices as unknown as readonly [{ const: (typeof PAYMENT_INTEGRATION_IDS)[number]; title: string; description: string }],
    },
    sortOrder: { title: 'Sort order', type: 'integer', description: 'Lower numbers are shown first.' },
    scopes: { title: 'Scopes',
      type: 'array',
      description: 'Where the method is offered. Default: everywhere.',
      items: { enum: ['sample-order', 'convert-to-order', 'complete-order-payment'] },
    },
    availableMethods: { title: 'Available methods',
      type: 'array',
      description: "The provider's own payment method types offered through this method, e.g. card or us_bank_account for Stripe. Default: card.",
      items: { type: 'string', pattern: '^[a-z_]{2,50}$' },
      maxItems: 20,
    },
    dependsOn: { title: 'Depends on',
      type: 'array',
      description: 'Names of other payment methods this one needs, e.g. a split-payment method that takes each part through the card method.',
      items: { type: 'string', minLength: 1 },
    },
    config: { title: 'Config',
      type: 'object',
      description:
        'Public client settings for the browser. Only public values belong here: secrets (secret keys, transaction keys, client secrets) come from environment variables, and values from the environment win over these.',
      additionalProperties: false,
      properties: {
        acceptJsUrl: { title: 'Accept.js address', type: 'string', pattern: '^https?://', description: 'Where Accept.js is loaded from (Authorize.net).' },
        clientKey: { title: 'Client key', type: 'string', minLength: 1, description: 'Authorize.net public client key for Accept.js.' },
        loginId: { title: 'Login ID', type: 'string', minLength: 1, description: 'Authorize.net API login id (public; used by Accept.js).' },
        publishableKey: { title: 'Publishable key', type: 'string', pattern: '^pk_', description: 'Stripe publishable key (pk_...).' },
        clientId: { title: 'Client ID', type: 'string', minLength: 1, description: 'PayPal client id (public).' },
      },
    },
    metadata: { title: 'Metadata',
      type: 'object',
      description: 'Display hints.',
      additionalProperties: false,
      properties: {
        methodIcon: { title: 'Method icon', type: 'string', description: 'Path of the icon image.' },
        iconWidth: { title: 'Icon width', type: 'integer', minimum: 1, description: 'Icon width in pixels.' },
        iconHeight: { title: 'Icon height', type: 'integer', minimum: 1, description: 'Icon height in pixels.' },
      },
    },
  },
} as const;

export const paymentMethodsSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: schemaId('payment-methods'),
  type: 'object',
  title: 'Payment methods',
  description: 'The payment methods the store offers.',
  additionalProperties: false,
  required: ['paymentMethods'],
  properties: {
    $schema: { title: 'Schema file', type: 'string', description: 'Path or URL of this schema, so editors can check the file.' },
    paymentMethods: { title: 'Payment methods', type: 'array', items: paymentMethodSchema, description: 'All methods, enabled or not.' },
  },
} as const;

export type PaymentMethodsDefinition = FromSchema<typeof paymentMethodsSchema>;
export type PaymentMethod = FromSchema<typeof paymentMethodSchema>;
