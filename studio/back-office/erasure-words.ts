/**
 * The words of a subscriber's erasure (SubscribersPage): what it takes, what stays, and what it
 * took, each thing counted, so the admin reads exactly what the store keeps of the address.
 */
import type { ErasurePlan, SubscriberRemoved } from '../api/back-office-leads';

/** "3 orders", "1 order". */
function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "a", "a and b", "a, b and c". */
export function listed(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** What an erasure takes whatever the admin chooses: "its consent record, the newsletter's mail to it and its sign-up through Newsletter, with the mails about it". */
export function erasedWith(plan: ErasurePlan): string {
  const items: string[] = [];
  items.push(plan.consents === 1 ? 'its consent record' : `its ${counted(plan.consents, 'consent record')}`);
  if (plan.newsletterMails) items.push(`the newsletter's ${plan.newsletterMails === 1 ? 'mail' : `${plan.newsletterMails} mails`} to it`);
  const signUps = plan.newsletterLeads;
  if (signUps.length === 1) items.push(`its sign-up through ${signUps[0]!.formTitle}, with the mails about it`);
  else if (signUps.length) items.push(`its ${signUps.length} sign-ups through the newsletter's forms, with the mails about them`);
  return listed(items);
}

/** What stays of the address: its leads not erased, orders, quotes, an account, their mails. */
export function staysAfter(remains: ErasurePlan['remains'], leadsLeft: number): string {
  const items: string[] = [];
  if (leadsLeft) items.push(`its ${leadsLeft === 1 ? 'other lead' : `${leadsLeft} other leads`}`);
  const records = [remains.orders ? counted(remains.orders, 'order') : '', remains.quotes ? counted(remains.quotes, 'quote') : ''].filter(Boolean);
  if (records.length) items.push(`${listed(records)} (the store's accounts keep them)`);
  if (remains.account) items.push('a customer account with this address (its owner closes it)');
  if (remains.mails) items.push(`${counted(remains.mails, 'mail')} to it about orders, quotes or its account`);
  return items.length ? `Stays: ${listed(items)}.` : 'Nothing else of this address stays in the store.';
}

/** After the erasure: "ann@example.com was erased, with its consent record and ... Stays: ..." */
export function erasedSentence(email: string, removed: SubscriberRemoved): string {
  const items = [removed.consents === 1 ? 'its consent record' : `its ${counted(removed.consents, 'consent record')}`];
  if (removed.mails) items.push(`${counted(removed.mails, 'newsletter mail')}`);
  const leads = removed.leads + removed.otherLeads;
  if (leads) items.push(`${counted(leads, 'lead')}${removed.otherLeads ? ` (${removed.otherLeads} of other forms)` : ''}`);
  if (removed.notifications) items.push(`${counted(removed.notifications, 'mail')} about ${leads === 1 ? 'it' : 'them'}`);
  if (removed.files) items.push(counted(removed.files, 'file'));
  return `${email} was erased, with ${listed(items)}. ${staysAfter(removed.remains, removed.remains.leads)}`;
}
