/** Row types of every table, as Kysely sees them. Money columns hold integer cents. */
import type { ColumnType, Generated } from 'kysely';
import type { DealerAttribution } from '../../schemas/dealers.schema';

export interface FormSubmissionTable {
  id: Generated<number>;
  form_name: string;
  /** JSON: the visible fields' values, by field name; uploads as [{name, size, type, upload}]. */
  data: string;
  /** 'in_progress' (a multi-step form between its steps) or 'submitted'. */
  status: Generated<'in_progress' | 'submitted'>;
  /** How many steps are stored (1 for a single-step form). */
  steps_done: Generated<number>;
  /** sha256 of the continuation token of a multi-step submission (hex); the token itself is never stored. */
  token_hash: string | null;
  /** The dealer whose page sent it (X-Showroom-Dealer, checked against the dealer's origins); null for the store's own pages. */
  dealer_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: Generated<string>;
  /** What the operators made of it (the back office's leads); 'new' until one changes it. */
  lead_status: Generated<'new' | 'contacted' | 'closed'>;
}

/** A stored upload of a submission, under the uploads folder by its generated name. */
export interface FormUploadTable {
  id: Generated<number>;
  submission_id: number;
  field: string;
  /** The file's name in the uploads folder: random, never the visitor's. */
  stored_name: string;
  /** The visitor's file name, cleaned, for e-mails and exports only. */
  original_name: string;
  /** The type read from the content (magic bytes), not the one the browser claimed. */
  content_type: string;
  size: number;
  created_at: string;
}

/** A part of an upload's content, on PostgreSQL (services/upload-store.ts); empty on SQLite, whose files are in the uploads folder. */
export interface FormUploadContentTable {
  stored_name: string;
  /** 0, 1, 2 …: the parts in order. */
  part: number;
  data: Buffer;
}

/** One newsletter subscription per address (lower-cased). */
export interface NewsletterSubscriberTable {
  id: Generated<number>;
  email: string;
  /** 'pending': someone typed the address, its owner has not confirmed (double opt-in, newsletter_consent). */
  status: 'pending' | 'subscribed' | 'unsubscribed';
  /** Random id in the unsubscribe link of every e-mail to this address. */
  unsubscribe_token: string;
  /** The form that first subscribed the address. */
  source: string;
  created_at: string;
  updated_at: string;
  unsubscribed_at: string | null;
}

/**
 * One sign-up request of an address (double opt-in): the record of when and how consent was asked
 * for and given. Only the sha256 (hex) of the confirmation link's secret is stored.
 */
export interface NewsletterConsentTable {
  id: Generated<number>;
  subscriber_id: number;
  /** The form that asked (its name), or 'unsubscribe-page' for the owner's "Subscribe again". */
  source_form: string;
  /** The path of the store page the form was on (from Referer, same origin only); null when unknown. */
  source_page: string | null;
  requested_at: string;
  /** The client address of the request (as the app sees it: TRUST_PROXY decides). */
  requested_from: string;
  /** null once used, and for a consent given directly by the link holder. */
  token_hash: string | null;
  expires_at: string | null;
  confirmed_at: string | null;
  confirmed_from: string | null;
}

/** A mail the outbox was asked to send to a capped address (mail/recipient-cap.ts): queued or dropped. */
export interface MailRecipientLogTable {
  id: Generated<number>;
  /** The address as the cap counts it: lower-cased, without a +tag. */
  recipient_key: string;
  mail_type: string;
  /** 'queued', 'dropped' (over the cap), or 'queued-over-cap' (an owed mail, sent anyway). */
  outcome: 'queued' | 'dropped' | 'queued-over-cap';
  created_at: string;
}

/** 0/1: SQLite has no boolean type, and better-sqlite3 refuses JavaScript booleans as parameters. */
export type Flag = 0 | 1;

export interface SalesOrderTable {
  id: Generated<number>;
  increment_id: string | null;
  state: string;
  status: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  customer_is_guest: Flag;
  customer_id: string | null;
  dealer_origin: string | null;
  /** What crediting dealer_origin's dealer rests on: 'origin' (its page's Origin, a browser's word) or 'key' (its key); null when no dealer is credited. */
  dealer_attribution: ColumnType<DealerAttribution | null, DealerAttribution | null | undefined, DealerAttribution | null>;
  currency: string;
  subtotal_cents: number;
  shipping_cents: number;
  shipping_tax_cents: number;
  tax_cents: number;
  discount_cents: number;
  total_cents: number;
  tax_percent: number;
  weight: number;
  total_item_count: number;
  shipping_method: string;
  shipping_label: string;
  payment_method: string;
  payment_method_label: string;
  po_number: string | null;
  additional_notes: string | null;
  quote_id: number | null;
  split_payment_enabled: Flag;
  minimum_split_cents: number;
  email_sent: Flag;
  created_at: string;
  updated_at: string;
}

export interface SalesOrderItemTable {
  id: Generated<number>;
  order_id: number;
  sku: string;
  name: string;
  style_name: string | null;
  style_title: string | null;
  price_cents: number;
  original_price_cents: number;
  price_incl_tax_cents: number;
  qty: number;
  weight: number;
  row_weight: number;
  row_total_cents: number;
  tax_percent: number;
  tax_cents: number;
  row_total_incl_tax_cents: number;
  /** JSON: [{type, label, value}] (the finish). */
  custom_options: string;
  notes: string | null;
  /** JSON: a kitchen line's words (schemas/evaluators/quote-lines.ts LineDetail), from its quote; null for a door sample. */
  detail: string | null;
}

export interface SalesOrderAddressTable {
  id: Generated<number>;
  order_id: number;
  type: string;
  email: string;
  first_name: string;
  last_name: string;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zip_code: string;
  country_id: string;
  phone_number: string;
  customer_id: string | null;
}

export interface SalesOrderStatusHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  comment: string;
  is_customer_notified: Flag;
  /** For the seller's eyes only (a refund's request, a refusal): the customer's view leaves it out. */
  internal: Generated<Flag>;
  created_at: string;
}

export interface QuoteTable {
  id: Generated<number>;
  increment_id: string | null;
  po_number: string | null;
  status: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  /** JSON: [{name, sku, qty, priceCents, rowTotalCents, notes, customOptions?, detail?}] (server/orders/quote-orders.ts QuoteItem). */
  items: string;
  /** JSON: the addresses as the API shows them. */
  addresses: string;
  subtotal_cents: number;
  shipping_cents: number;
  tax_cents: number;
  discount_cents: number;
  total_cents: number;
  shipping_method: string;
  shipping_label: string;
  additional_notes: string | null;
  split_payment_enabled: Flag;
  minimum_split_cents: number;
  /** sha256 of the link token (hex); the token itself is never stored. */
  token_hash: string | null;
  token_expires_at: string | null;
  order_id: number | null;
  /** The customer account the quote belongs to (customer.id as text, like sales_order.customer_id). */
  customer_id: string | null;
  created_at: string;
  /** JSON: the builder's request as last saved (a draft opens in the builder again); null for a quote of the command line. */
  request: string | null;
  tax_percent: number;
  shipping_tax_cents: number;
  /** The estimate (form_submission.id) a starting quote was made from. */
  lead_id: number | null;
  /** JSON: the discount's share of the subtotal a publisher approved ({percent, by, at}, server/back-office/quote-discount.ts); null while none was. */
  discount_approval: string | null;
}

export interface PaymentTable {
  id: Generated<number>;
  order_id: number | null;
  method: string;
  method_label: string;
  gateway: string;
  status: string;
  amount_cents: number;
  currency: string;
  transaction_id: string;
  /** The gateway's own id of the transaction: one ledger row per provider transaction. */
  provider_reference: string;
  additional_data: string;
  created_at: string;
  updated_at: string;
}

/**
 * A provider object the store created to take a payment (a Stripe PaymentIntent, a PayPal order):
 * the browser or the provider may still move it, so a new charge settles the open ones first.
 */
export interface PaymentAttemptTable {
  id: Generated<number>;
  gateway: string;
  provider_reference: string;
  order_id: number | null;
  quote_id: number | null;
  amount_cents: number;
  state: 'open' | 'voided' | 'settled';
  created_at: string;
  updated_at: string;
}

/** What a completed payment took above the amount due: a refund is due (never silent). */
export interface PaymentOverpaymentTable {
  id: Generated<number>;
  order_id: number;
  payment_id: number;
  amount_cents: number;
  created_at: string;
  refunded_at: string | null;
}

/** Money given back on a payment, or a payment voided (server/orders/refunds.ts; migration 0015). */
/** The units of one line a refund gives back (migration 0102_refund_lines). */
export interface PaymentRefundLineTable {
  id: Generated<number>;
  order_id: number;
  refund_id: number;
  item_id: number;
  qty: number;
  amount_cents: number;
}

export interface PaymentRefundTable {
  id: Generated<number>;
  order_id: number;
  payment_id: number;
  overpayment_id: number | null;
  kind: 'refund' | 'void';
  /** requested (by an editor) -> processing (a publisher carries it out) -> pending | succeeded | failed; or refused. */
  status: 'requested' | 'processing' | 'pending' | 'succeeded' | 'failed' | 'refused';
  amount_cents: number;
  currency: string;
  reason: string;
  note: string | null;
  /** Sent to the gateway with every attempt: the same refund is never given twice. */
  idempotency_key: string;
  /** The Idempotency-Key of the request that asked for it: a double click asks once. */
  request_key: string | null;
  /** The gateway's id of the refund (of the payment, for a void). */
  provider_reference: string | null;
  failure_message: string | null;
  /** The operator's e-mail, or the gateway's name for a refund its webhook reported first. */
  requested_by: string;
  decided_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyRecordTable {
  id: Generated<number>;
  scope: string;
  idempotency_key: string;
  request_hash: string;
  order_id: number | null;
  response: string | null;
  created_at: string;
}

export interface ProcessedWebhookEventTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  processed_at: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  dedupe_key: string | null;
  type: string;
  order_id: number | null;
  recipient: string;
  cc: string;
  subject: string;
  html: string;
  text: string;
  status: 'pending' | 'sent' | 'failed' | 'held';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  sent_at: string | null;
  created_at: string;
  /** JSON object of extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Generated<string>;
  /** JSON: [{filename, path, contentType}], path absolute, read by the worker when it sends. */
  attachments: Generated<string>;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  created_at: string;
}

/** The offline test gateway's transactions (server/gateways/test-gateway.ts). */
export interface TestGatewayTransactionTable {
  id: string;
  status: string;
  amount_cents: number;
  currency: string;
  card_brand: string;
  card_last4: string;
  message: string | null;
  metadata: string;
  idempotency_key: string | null;
  created_at: string;
}

/** The test gateway's authentication step: a hash of its one-time secret, never the secret itself. */
export interface TestGatewayAuthenticationTable {
  transaction_id: string;
  secret_hash: string;
  return_url: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** 'completed' or 'failed' once used; 'voided' when the customer cancelled the payment to pay another way. */
  outcome: string | null;
}

/** A refund or void of the test gateway: found again by its idempotency key (unique). */
export interface TestGatewayRefundTable {
  id: string;
  transaction_id: string;
  /** 'refund' or 'void'. */
  kind: string;
  /** 'succeeded' or 'failed'. */
  status: string;
  amount_cents: number;
  reason: string;
  message: string | null;
  idempotency_key: string;
  created_at: string;
}

/** A test gateway transaction whose refunds the card issuer declines (the test card 4000 0000 0000 5126). */
export interface TestGatewayRefundDeclineTable {
  transaction_id: string;
  message: string;
}

/** A customer account. `password_hash` is an argon2id PHC string; the password is never stored. */
export interface CustomerTable {
  id: Generated<number>;
  email: string;
  /** Trimmed and lower-cased: unique, so one account per e-mail whatever its case. */
  email_normalized: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  default_shipping_address_id: number | null;
  default_billing_address_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface CustomerAddressTable {
  id: Generated<number>;
  customer_id: number;
  type: 'shipping' | 'billing';
  first_name: string;
  last_name: string;
  company: string | null;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zip_code: string;
  country_id: string;
  phone_number: string;
  email: string;
  created_at: string;
  updated_at: string;
}

/** One sign-in: the sha256 of the cookie's session id and of the bearer token given at the same time. */
export interface CustomerSessionTable {
  id: Generated<number>;
  customer_id: number;
  session_hash: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetTable {
  id: Generated<number>;
  customer_id: number;
  /** sha256 (hex) of the token in the e-mailed link. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OperatorTable {
  id: Generated<number>;
  email: string;
  email_normalized: string;
  role: 'viewer' | 'editor' | 'publisher' | 'admin';
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  active: Generated<number>;
  disabled: Generated<number>;
  setup_token_hash: string | null;
  setup_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OperatorSessionTable {
  id: Generated<number>;
  operator_id: number;
  session_hash: string;
  created_at: string;
  expires_at: string;
}

export interface OperatorRecoveryCodeTable {
  id: Generated<number>;
  operator_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface StudioAuditTable {
  id: Generated<number>;
  at: string;
  action: string;
  operator_email: string | null;
  detail: string;
  ip: string;
}

export interface StudioDraftTable {
  id: Generated<number>;
  operator_id: number;
  path: string;
  text: string;
  revision: number;
  base_hash: string | null;
  updated_at: string;
}

export interface ContentVersionTable {
  id: Generated<number>;
  author: string;
  message: string;
  created_at: string;
  restored_from: number | null;
}

export interface ContentVersionFileTable {
  id: Generated<number>;
  version_id: number;
  path: string;
  before_text: string | null;
  after_text: string | null;
}

/** A change an editor submitted for review (server/studio/reviews.ts). */
export interface StudioReviewTable {
  id: Generated<number>;
  author_id: number;
  status: 'submitted' | 'sent_back' | 'published' | 'withdrawn';
  note: string;
  notify_email: Generated<number>;
  /** 0 while the author has a decision they have not opened. */
  author_seen: Generated<number>;
  decided_by: string | null;
  version_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A file of a submitted change, as it was when (last) submitted. */
export interface StudioReviewFileTable {
  id: Generated<number>;
  review_id: number;
  path: string;
  text: string;
  base_hash: string | null;
}

/** One step of a change's thread: submitted, sent back with a comment, submitted again, published, withdrawn. */
export interface StudioReviewEventTable {
  id: Generated<number>;
  review_id: number;
  at: string;
  operator_email: string;
  kind: 'submitted' | 'resubmitted' | 'sent_back' | 'published' | 'withdrawn';
  comment: string;
}

/** An image of the studio's library (server/studio/image-library.ts). */
export interface ContentImageTable {
  id: Generated<number>;
  src: string;
  alt: string;
  width: number;
  height: number;
  media_type: string;
  byte_size: number;
  uploaded_by: string;
  created_at: string;
}

/** One file of an uploaded image (the image, or one of its smaller copies), by its path in the content folder. */
export interface ContentImageFileTable {
  id: Generated<number>;
  image_id: number;
  path: string;
  width: number;
  bytes: Uint8Array;
}

/** A file of an uploaded image an admin deleted: every server takes it out of its folder (../content/content-images.ts). */
export interface ContentImageRemovedTable {
  id: Generated<number>;
  path: string;
  removed_at: string;
}

/** One kind of policy violation reported from the payment pages (server/payment-pages/violation-reports.ts). */
export interface PaymentPageViolationTable {
  id: Generated<number>;
  /** type|page|directive|blocked: what makes two reports the same kind. */
  kind_key: string;
  /** 'csp': the policy blocked it; 'integrity': a first-party module failed its SHA-384; 'overflow': kinds past the cap, counted together. */
  type: 'csp' | 'integrity' | 'overflow';
  /** The payment page's path (no query: the quote link's token never reaches the database). */
  page: string;
  /** The directive that blocked it (script-src-elem ...), or 'integrity'. */
  directive: string;
  /** 'inline', 'eval', an origin, or a path of the store. */
  blocked: string;
  count: number;
  first_seen_at: string;
  last_seen_at: string;
  /** JSON: one report of the kind, trimmed to the fields shown and without queries. */
  sample: string;
  /** When the admins were last mailed about this kind; null: never. */
  mailed_at: string | null;
  /** The count when they were. */
  count_at_mail: Generated<number>;
}

/** One run of the payment pages' change detection (server/payment-pages/page-check.ts). */
export interface PaymentPageCheckTable {
  id: Generated<number>;
  started_at: string;
  finished_at: string;
  run_by: 'command' | 'schedule';
  /** 'browser': loaded in headless Chromium; 'html': the HTML and headers, scripts fetched and hashed. */
  mode: 'browser' | 'html';
  outcome: 'unchanged' | 'changed' | 'no_baseline' | 'failed';
  base_url: string;
  /** JSON: PageSnapshot[] of every payment page. */
  snapshot: string;
  /** JSON: PageChange[] against the baseline. */
  changes: string;
  /** The approved run it was compared with. */
  baseline_id: number | null;
  error: string | null;
  /** Set when an admin approved this run as the baseline (audited). */
  approved_at: string | null;
  approved_by: string | null;
}

/** A job the servers of one store run on a schedule, once among them (server/payment-pages/check-schedule.ts). */
export interface ScheduledRunTable {
  name: string;
  /** The server holding the lease (a random id per process). */
  holder: string | null;
  lease_until: string | null;
  last_started_at: string | null;
  last_finished_at: string | null;
  /** The interval the last server to start was set to (PAYMENT_PAGES_CHECK_EVERY); null: off. */
  every_hours: number | null;
}

/**
 * The shared rate limits' counters on PostgreSQL (migration 0009), kept by rate-limiter-flexible's
 * RateLimiterPostgres (services/shared-limits.ts), never queried through Kysely: declared so that
 * every table of the migrations is (tables-match-migrations.test.ts).
 */
export interface RateLimitTable {
  key: string;
  points: Generated<number>;
  /** When the counter ends, in milliseconds since the epoch; null: never. */
  expire: number | null;
}

export interface DatabaseSchema {
  form_submission: FormSubmissionTable;
  form_upload: FormUploadTable;
  form_upload_content: FormUploadContentTable;
  newsletter_subscriber: NewsletterSubscriberTable;
  newsletter_consent: NewsletterConsentTable;
  mail_recipient_log: MailRecipientLogTable;
  sales_order: SalesOrderTable;
  sales_order_item: SalesOrderItemTable;
  sales_order_address: SalesOrderAddressTable;
  sales_order_status_history: SalesOrderStatusHistoryTable;
  quote: QuoteTable;
  payment: PaymentTable;
  payment_attempt: PaymentAttemptTable;
  payment_overpayment: PaymentOverpaymentTable;
  payment_refund: PaymentRefundTable;
  payment_refund_line: PaymentRefundLineTable;
  idempotency_record: IdempotencyRecordTable;
  processed_webhook_event: ProcessedWebhookEventTable;
  mail_outbox: MailOutboxTable;
  server_secret: ServerSecretTable;
  test_gateway_transaction: TestGatewayTransactionTable;
  test_gateway_authentication: TestGatewayAuthenticationTable;
  test_gateway_refund: TestGatewayRefundTable;
  test_gateway_refund_decline: TestGatewayRefundDeclineTable;
  customer: CustomerTable;
  customer_address: CustomerAddressTable;
  customer_session: CustomerSessionTable;
  password_reset: PasswordResetTable;
  operator: OperatorTable;
  operator_session: OperatorSessionTable;
  operator_recovery_code: OperatorRecoveryCodeTable;
  studio_audit: StudioAuditTable;
  studio_draft: StudioDraftTable;
  content_version: ContentVersionTable;
  content_version_file: ContentVersionFileTable;
  studio_review: StudioReviewTable;
  studio_review_file: StudioReviewFileTable;
  studio_review_event: StudioReviewEventTable;
  content_image: ContentImageTable;
  content_image_file: ContentImageFileTable;
  content_image_removed: ContentImageRemovedTable;
  payment_page_violation: PaymentPageViolationTable;
  payment_page_check: PaymentPageCheckTable;
  scheduled_run: ScheduledRunTable;
  rate_limit: RateLimitTable;
}
