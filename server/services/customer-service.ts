/**
 * Customers and their saved addresses. Every address query is scoped by the customer's id, so one
 * customer's address id is "Address not found." to every other customer. Addresses are checked with
 * the checkout field rules through ./order-address (schemas/evaluators/checkout-fields.ts), the
 * same rules as an order.
 *
 * Defaults: the customer row holds one default shipping and one default billing address id, so
 * setting one makes it the only default of its kind by construction. An address has a `type`
 * (what it is mainly for) and may be the default of either kind; `isDefault` is "the default of
 * its own type". A new address becomes the default of each kind that has none yet.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { FORM_INVALID, type addressCreateEndpoint, type savedAddressSchema } from '../../schemas/api/accounts';
import type { RequestBody } from '../../schemas/api/endpoint';
import { validateAddressLine } from '../../schemas/evaluators/checkout-fields';
import { isUniqueViolation, type Queries } from '../db/queries';
import type { CustomerAddressTable, CustomerTable } from '../db/tables';
import { ApiError } from '../http/api-error';
import { emailIdentity } from './email-address';
import { readAddress, type AddressType } from '../orders/order-address';
import { nowIso } from './request-input';

type Row<T> = { [K in keyof T]: T[K] extends import('kysely').Generated<infer U> ? U : T[K] };
export type CustomerRow = Row<CustomerTable>;
export type CustomerAddressRow = Row<CustomerAddressTable>;

export const ADDRESS_NOT_FOUND = 'Address not found.';
export { FORM_INVALID };
/** Enough for a contractor's sites; bounds what one account can store. */
export const MAX_ADDRESSES = 50;

/** The key an account is found by: the one e-mail rule's identity (docs/accounts.md, "Who is who"). */
export function normalizeEmail(email: string): string {
  return emailIdentity(email);
}

export function addressNotFound(): ApiError {
  return new ApiError(404, 'addressNotExist', ADDRESS_NOT_FOUND);
}

/** A saved address as the API shows it: its contract's type (schemas/api/accounts.ts). */
export type AddressView = FromSchema<typeof savedAddressSchema>;

export function addressView(a: CustomerAddressRow, customer: CustomerRow): AddressView {
  const isDefaultShipping = customer.default_shipping_address_id === a.id;
  const isDefaultBilling = customer.default_billing_address_id === a.id;
  return {
    id: a.id,
    type: a.type,
    firstName: a.first_name,
    lastName: a.last_name,
    company: a.company ?? '',
    street1: a.street1,
    street2: a.street2 ?? '',
    city: a.city,
    state: a.state,
    zipCode: a.zip_code,
    countryId: a.country_id,
    phoneNumber: a.phone_number,
    email: a.email,
    isDefault: a.type === 'shipping' ? isDefaultShipping : isDefaultBilling,
    isDefaultShipping,
    isDefaultBilling,
  };
}

/** What a request may set on an address: its fields, and which defaults it should (or should no longer) be. */
interface AddressChange {
  fields: Omit<CustomerAddressRow, 'id' | 'customer_id' | 'created_at' | 'updated_at'>;
  defaultShipping: boolean | undefined;
  defaultBilling: boolean | undefined;
}

/** A saved address's fields and flags as their contract has checked them (the same for POST and PATCH). */
export type AddressInput = RequestBody<typeof addressCreateEndpoint>;

/**
 * Reads a whole address (a new one, or an existing one with the request's changes laid over it).
 * Its contract has checked the types (text fields, true/false flags); here are the checkout field
 * rules, which answer every field's problem at once.
 */
function readAddressChange(body: AddressInput, base: Partial<AddressView>, customerEmail: string): AddressChange {
  const errors: Record<string, string> = {};
  const merged: Record<string, unknown> = { ...base };
  for (const key of ['firstName', 'lastName', 'company', 'street1', 'street2', 'city', 'state', 'zipCode', 'countryId', 'phoneNumber', 'email', 'type']) {
    if (body[key] !== undefined) merged[key] = body[key];
  }
  const rawType = merged.type ?? 'shipping';
  const type: AddressType = rawType === 'billing' ? 'billing' : 'shipping';
  if (rawType !== 'billing' && rawType !== 'shipping') errors.type = 'Address type must be shipping or billing';
  // The checkout rules, keyed `{type}.{field}` there: here the fields are the address's own.
  const problems: Record<string, string> = {};
  const address = readAddress(merged, type, problems, customerEmail);
  for (const [key, message] of Object.entries(problems)) errors[key.slice(key.indexOf('.') + 1)] = message;
  if (address.email.length > 254) errors.email = 'Invalid email address';
  const company = typeof merged.company === 'string' ? merged.company.trim() : '';
  if (company.length > 100) errors.company = 'Company seems too long';
  else {
    const problem = validateAddressLine(company, false);
    if (problem) errors.company = problem;
  }
  // null, like absent: unchanged.
  const isDefault = body.isDefault ?? undefined;
  let defaultShipping = body.defaultShipping ?? undefined;
  let defaultBilling = body.defaultBilling ?? undefined;
  if (isDefault !== undefined) {
    if (type === 'shipping') defaultShipping ??= isDefault;
    else defaultBilling ??= isDefault;
  }
  if (Object.keys(errors).length) throw new ApiError(400, 'validation_failed', FORM_INVALID, errors);
  return {
    fields: {
      type,
      first_name: address.firstName,
      last_name: address.lastName,
      company: company || null,
      street1: address.street1,
      street2: address.street2,
      city: address.city,
      state: address.state,
      zip_code: address.zipCode,
      country_id: address.countryId,
      phone_number: address.phoneNumber,
      email: address.email,
    },
    defaultShipping,
    defaultBilling,
  };
}

export class CustomerService {
  constructor(private readonly q: Queries) {}

  /** `q`: the caller's transaction, when it runs in one. */
  async byId(id: number, q: Queries = this.q): Promise<CustomerRow | undefined> {
    return (await q.firstBy('customer-by-id', (v: number) => q.db.selectFrom('customer').selectAll().where('id', '=', v), id)) as CustomerRow | undefined;
  }

  async byEmail(email: string, q: Queries = this.q): Promise<CustomerRow | undefined> {
    const normalized = normalizeEmail(email);
    return (await q.firstBy('customer-by-email', (v: string) => q.db.selectFrom('customer').selectAll().where('email_normalized', '=', v), normalized)) as CustomerRow | undefined;
  }

  /**
   * Inserts a customer; undefined when the e-mail is taken (also when another request, on any
   * server, took it a moment ago: the unique e-mail_normalized refuses the second insert).
   */
  async insert(input: { email: string; passwordHash: string; firstName: string; lastName: string; phone: string | null }, q: Queries = this.q): Promise<number | undefined> {
    const now = nowIso();
    try {
      // In a savepoint of its own: on PostgreSQL a refused insert would abort the caller's whole transaction.
      return await q.transaction((tx) =>
        tx.insertReturningId('customer', {
          email: input.email.trim(),
          email_normalized: normalizeEmail(input.email),
          password_hash: input.passwordHash,
          first_name: input.firstName,
          last_name: input.lastName,
          phone: input.phone,
          default_shipping_address_id: null,
          default_billing_address_id: null,
          created_at: now,
          updated_at: now,
        }),
      );
    } catch (err) {
      if (isUniqueViolation(err)) return undefined;
      throw err;
    }
  }

  async setPasswordHash(customerId: number, passwordHash: string, q: Queries = this.q): Promise<void> {
    await q.run(q.db.updateTable('customer').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', customerId));
  }

  async addressRows(customerId: number, q: Queries = this.q): Promise<CustomerAddressRow[]> {
    return (await q.allBy('addresses-by-customer', (v: number) => q.db.selectFrom('customer_address').selectAll().where('customer_id', '=', v).orderBy('id'), customerId)) as CustomerAddressRow[];
  }

  /** One address of this customer: any other customer's id is 404 'Address not found.'. */
  private async ownAddress(customerId: number, rawId: unknown, q: Queries = this.q): Promise<CustomerAddressRow> {
    const s = typeof rawId === 'string' ? rawId.trim() : '';
    if (!/^\d{1,12}$/.test(s)) throw addressNotFound();
    const row = (await q.firstBy(
      'address-of-customer',
      (c: number, id: number) => q.db.selectFrom('customer_address').selectAll().where('customer_id', '=', c).where('id', '=', id),
      customerId,
      Number(s),
    )) as CustomerAddressRow | undefined;
    if (!row) throw addressNotFound();
    return row;
  }

  /**
   * The customer row, locked until the transaction ends: every change to the addresses takes it
   * first, so two requests of one customer (on any server) never interleave their reads of the
   * address count and the defaults with their writes.
   */
  private async lockCustomer(tx: Queries, customerId: number): Promise<CustomerRow> {
    await tx.first(tx.lockRow(tx.db.selectFrom('customer').select('id').where('id', '=', customerId)));
    const customer = await this.byId(customerId, tx);
    if (!customer) throw new ApiError(401, 'unauthorized', 'Please sign in to continue.');
    return customer;
  }

  async addresses(customerId: number): Promise<AddressView[]> {
    const customer = await this.byId(customerId);
    if (!customer) return [];
    return (await this.addressRows(customerId)).map((a) => addressView(a, customer));
  }

  async address(customerId: number, rawId: unknown, q: Queries = this.q): Promise<AddressView> {
    const row = await this.ownAddress(customerId, rawId, q);
    return addressView(row, (await this.byId(customerId, q))!);
  }

  addAddress(customerId: number, body: AddressInput): Promise<AddressView> {
    return this.q.transaction(async (tx) => {
      const customer = await this.lockCustomer(tx, customerId);
      const change = readAddressChange(body, {}, customer.email);
      const count = (await this.addressRows(customerId, tx)).length;
      if (count >= MAX_ADDRESSES) throw new ApiError(409, 'too_many_addresses', `An account can keep at most ${MAX_ADDRESSES} addresses.`);
      const now = nowIso();
      const id = await tx.insertReturningId('customer_address', { customer_id: customerId, ...change.fields, created_at: now, updated_at: now });
      // A first address of a kind becomes its default unless the request says otherwise.
      await this.applyDefaults(tx, customer, id, change.defaultShipping ?? customer.default_shipping_address_id === null, change.defaultBilling ?? customer.default_billing_address_id === null);
      return this.address(customerId, String(id), tx);
    });
  }

  updateAddress(customerId: number, rawId: unknown, body: AddressInput): Promise<AddressView> {
    return this.q.transaction(async (tx) => {
      // Read under the lock: the request's fields are laid over the address as it is now.
      const customer = await this.lockCustomer(tx, customerId);
      const existing = await this.ownAddress(customerId, rawId, tx);
      const change = readAddressChange(body, addressView(existing, customer), customer.email);
      await tx.run(tx.db.updateTable('customer_address').set({ ...change.fields, updated_at: nowIso() }).where('id', '=', existing.id).where('customer_id', '=', customerId));
      await this.applyDefaults(tx, customer, existing.id, change.defaultShipping, change.defaultBilling);
      return this.address(customerId, String(existing.id), tx);
    });
  }

  async deleteAddress(customerId: number, rawId: unknown): Promise<void> {
    await this.q.transaction(async (tx) => {
      const customer = await this.lockCustomer(tx, customerId);
      const existing = await this.ownAddress(customerId, rawId, tx);
      await this.applyDefaults(tx, customer, existing.id, customer.default_shipping_address_id === existing.id ? false : undefined, customer.default_billing_address_id === existing.id ? false : undefined);
      await tx.run(tx.db.deleteFrom('customer_address').where('id', '=', existing.id).where('customer_id', '=', customerId));
    });
  }

  /** true: this address becomes the (only) default of the kind; false: it stops being it; undefined: unchanged. */
  private async applyDefaults(tx: Queries, customer: CustomerRow, addressId: number, shipping: boolean | undefined, billing: boolean | undefined): Promise<void> {
    const next = (current: number | null, wanted: boolean | undefined) => (wanted === true ? addressId : wanted === false && current === addressId ? null : current);
    const shippingId = next(customer.default_shipping_address_id, shipping);
    const billingId = next(customer.default_billing_address_id, billing);
    if (shippingId === customer.default_shipping_address_id && billingId === customer.default_billing_address_id) return;
    await tx.run(
      tx.db
        .updateTable('customer')
        .set({ default_shipping_address_id: shippingId, default_billing_address_id: billingId, updated_at: nowIso() })
        .where('id', '=', customer.id),
    );
  }

  /** The 'me' answer: `user` and `customer` with addresses and the two defaults. */
  async me(customerId: number) {
    const c = await this.byId(customerId);
    if (!c) return undefined;
    const addresses = (await this.addressRows(customerId)).map((a) => addressView(a, c));
    return {
      user: { email: c.email, firstName: c.first_name, lastName: c.last_name, phone: c.phone ?? '', customer: c.id },
      customer: {
        id: c.id,
        email: c.email,
        firstName: c.first_name,
        lastName: c.last_name,
        phoneNumber: c.phone ?? '',
        addresses,
        defaultShipping: c.default_shipping_address_id,
        defaultBilling: c.default_billing_address_id,
      },
    };
  }

  /**
   * The checkout prefill (email, firstName, lastName, phone and the bill_ and ship_ sets, with
   * customerId), in the checkout form's field names: billing from the default billing address,
   * shipping from the default shipping address, each falling back to the other. The billing e-mail
   * is the account's (the checkout shows it locked).
   */
  async checkoutPrefill(customerId: number): Promise<Record<string, string | boolean | number> | undefined> {
    const c = await this.byId(customerId);
    if (!c) return undefined;
    const rows = await this.addressRows(customerId);
    const find = (id: number | null) => (id === null ? undefined : rows.find((a) => a.id === id));
    const billing = find(c.default_billing_address_id) ?? find(c.default_shipping_address_id);
    const shipping = find(c.default_shipping_address_id) ?? billing;
    const set = (prefix: 'bill_' | 'ship_', a: CustomerAddressRow | undefined, email: string) => ({
      [`${prefix}first_name`]: a?.first_name ?? c.first_name,
      [`${prefix}last_name`]: a?.last_name ?? c.last_name,
      [`${prefix}email`]: email,
      [`${prefix}phone`]: a?.phone_number ?? c.phone ?? '',
      [`${prefix}address_1`]: a?.street1 ?? '',
      [`${prefix}address_2`]: a?.street2 ?? '',
      [`${prefix}country`]: a?.country_id ?? 'US',
      [`${prefix}state`]: a?.state ?? '',
      [`${prefix}city`]: a?.city ?? '',
      [`${prefix}zip`]: a?.zip_code ?? '',
    });
    return {
      customerId: c.id,
      email: c.email,
      firstName: c.first_name,
      lastName: c.last_name,
      phone: c.phone ?? '',
      ...set('bill_', billing, c.email),
      ...set('ship_', shipping, shipping?.email ?? c.email),
      same_as_billing: billing === shipping,
    };
  }
}
