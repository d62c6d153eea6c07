/**
 * /my-account/addresses: the customer's addresses as
 * cards with their Default Shipping / Default Billing badges, an Edit link, Delete after a
 * confirmation (a failure says why), and the buttons that make one the default of a kind (the
 * server keeps one default of each kind, so the list is read again after a change).
 */
import { useRef, useState } from 'react';
import type { AccountAddressesBlock as AccountAddressesDefinition } from '../../../schemas/blocks/account.schema';
import { ApiRequestError } from '../../../widgets/api-client';
import { useIslandId } from '../../islands/use-island-id';
import type { BlockProps } from '../block-definition';
import { accountApi, isSignedOut, type AccountApi, type SavedAddress } from './account-api';
import { goToSignIn } from './account-paths';
import { AccountFrame, AddressText, ErrorBox, Loading, StatusBadge, useAccountData } from './AccountParts';

export const NO_ADDRESSES = 'No addresses saved yet.';
export const DELETE_UNKNOWN_ERROR = 'Unknown error';
export const DELETE_NETWORK_ERROR = 'Failed to delete address. Please try again.';
export const ADD_ADDRESS_PATH = '/my-account/address/new';
export const editAddressPath = (id: number) => `/my-account/address/edit/${id}`;

/** A failed deletion shows the server's message, else 'Unknown error'; no answer at all: 'Failed to delete address. Please try again.' */
export function deleteErrorMessage(err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.status === 0) return DELETE_NETWORK_ERROR;
    return err.code === 'http_error' ? DELETE_UNKNOWN_ERROR : err.message || DELETE_UNKNOWN_ERROR;
  }
  return DELETE_NETWORK_ERROR;
}

type Notice = { tone: 'status' | 'alert'; text: string } | null;

function AddressCard({
  address,
  busy,
  onDelete,
  onDefault,
}: {
  address: SavedAddress;
  busy: boolean;
  onDelete: (a: SavedAddress) => void;
  onDefault: (a: SavedAddress, kind: 'defaultShipping' | 'defaultBilling') => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const headingId = `address-${address.id}-title`;
  const name = `${address.firstName} ${address.lastName}`;
  return (
    <li className="account-card" aria-labelledby={headingId} data-address-id={address.id}>
      <h2 id={headingId} className="account-card__title">
        {address.type === 'billing' ? 'Billing address' : 'Shipping address'}
      </h2>
      <p className="account-card__badges">
        {address.isDefaultShipping && <StatusBadge badge={{ label: 'Default Shipping', tone: 'success' }} />}
        {address.isDefaultBilling && <StatusBadge badge={{ label: 'Default Billing', tone: 'success' }} />}
      </p>
      <AddressText address={address} />
      <div className="account-card__actions">
        <a className="button button--secondary" href={editAddressPath(address.id)} aria-label={`Edit the address of ${name}, ${address.street1}`}>
          Edit
        </a>
        {!address.isDefaultShipping && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => onDefault(address, 'defaultShipping')}>
            Make default shipping
          </button>
        )}
        {!address.isDefaultBilling && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => onDefault(address, 'defaultBilling')}>
            Make default billing
          </button>
        )}
        {!confirming && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming(true)} aria-label={`Delete the address of ${name}, ${address.street1}`}>
            Delete
          </button>
        )}
      </div>
      {confirming && (
        <div className="account-confirm" role="group" aria-label="Confirm deletion">
          <p>Delete this address? This cannot be undone.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            // The confirmation appears where Delete was: focus moves to it.
            ref={(el) => el?.focus()}
            onClick={() => onDelete(address)}
          >
            Yes, delete
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      )}
    </li>
  );
}

export function AccountAddressesBlock({ block, api = accountApi() }: BlockProps<AccountAddressesDefinition, undefined> & { api?: AccountApi }) {
  const titleId = useIslandId();
  const [list, retry, setList] = useAccountData(() => api.addresses(), []);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setNotice(null);
    try {
      const message = await action();
      if (message) setNotice({ tone: 'status', text: message });
    } catch (err) {
      if (isSignedOut(err)) return goToSignIn();
      setNotice({ tone: 'alert', text: deleteErrorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const onDelete = (address: SavedAddress) =>
    run(async () => {
      const message = await api.deleteAddress(address.id);
      // The server leaves other addresses as they were: a deleted default leaves its kind without one.
      if (list.state === 'ready') setList(list.value.filter((a) => a.id !== address.id));
      heading.current?.focus();
      return message ?? 'Address deleted.';
    });

  const onDefault = (address: SavedAddress, kind: 'defaultShipping' | 'defaultBilling') =>
    run(async () => {
      await api.updateAddress(address.id, { [kind]: true });
      setList(await api.addresses());
      return kind === 'defaultShipping' ? 'Default shipping address saved.' : 'Default billing address saved.';
    });

  return (
    <AccountFrame
      id={block.id}
      title={block.title ?? 'Your addresses'}
      titleId={titleId}
      actions={
        <a className="button button--primary" href={ADD_ADDRESS_PATH}>
          Add an address
        </a>
      }
    >
      <h2 className="visually-hidden" tabIndex={-1} ref={heading}>
        Saved addresses
      </h2>
      <div aria-live="polite" className="account-notice">
        {notice?.tone === 'status' && <p className="account-notice__text">{notice.text}</p>}
      </div>
      {notice?.tone === 'alert' && (
        <p className="account-error__text" role="alert">
          {notice.text}
        </p>
      )}
      {list.state === 'loading' && <Loading text="Loading your addresses…" />}
      {list.state === 'failed' && <ErrorBox message={list.message || 'We could not load your addresses. Please try again.'} onRetry={retry} />}
      {list.state === 'ready' && list.value.length === 0 && <p className="account-empty">{NO_ADDRESSES}</p>}
      {list.state === 'ready' && list.value.length > 0 && (
        <ul className="account-cards">
          {list.value.map((address) => (
            <AddressCard key={address.id} address={address} busy={busy} onDelete={onDelete} onDefault={onDefault} />
          ))}
        </ul>
      )}
    </AccountFrame>
  );
}
