import type { AddressContactBlock } from '../../schemas/blocks/address-contact.schema';
import type { ContactDetails } from '../../schemas/site-settings.schema';
import { usePage } from '../page-context';

export const NO_CONTACT_DETAILS = 'Contact details are not available right now.';

type Address = NonNullable<ContactDetails['address']>;

export function addressLines(a: Address): string[] {
  return [a.street, a.street2, `${a.city}, ${a.state} ${a.zipCode}`].filter((x): x is string => Boolean(x));
}

/** A map search for the address when no map link is configured. */
export function mapLink(contact: ContactDetails): string | undefined {
  if (contact.mapUrl) return contact.mapUrl;
  if (!contact.address) return undefined;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLines(contact.address).join(', '))}`;
}

/** tel: wants digits (and a leading +), not the spaces and brackets people write. */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Address with a map link, phone as tel:, e-mail as mailto:, and opening hours. */
export function AddressContact({ block }: { block: AddressContactBlock }) {
  const { settings } = usePage();
  const contact = block.contact ?? settings.contact;
  const hasAny = contact && (contact.address || contact.phone || contact.email || contact.openingHours?.length);
  const map = contact ? mapLink(contact) : undefined;
  return (
    <section className="address-contact" id={block.id} aria-labelledby="address-contact-title">
      <h2 id="address-contact-title">{block.title ?? 'Visit or contact us'}</h2>
      {block.text && <p className="address-contact__text">{block.text}</p>}
      {!hasAny || !contact ? (
        <p className="empty">{NO_CONTACT_DETAILS}</p>
      ) : (
        <dl className="address-contact__list">
          {contact.address && (
            <div>
              <dt>Showroom</dt>
              <dd>
                <address>
                  {addressLines(contact.address).map((line) => (
                    <span key={line} className="address-contact__line">
                      {line}
                    </span>
                  ))}
                </address>
                {map && (
                  <a href={map} target="_blank" rel="noopener noreferrer">
                    Get directions<span className="visually-hidden"> (opens a map in a new tab)</span>
                  </a>
                )}
              </dd>
            </div>
          )}
          {contact.phone && (
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={telLink(contact.phone)}>{contact.phone}</a>
              </dd>
            </div>
          )}
          {contact.email && (
            <div>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
            </div>
          )}
          {contact.openingHours && contact.openingHours.length > 0 && (
            <div>
              <dt>Opening hours</dt>
              <dd>
                <ul className="address-contact__hours">
                  {contact.openingHours.map((h) => (
                    <li key={h.days}>
                      <span>{h.days}</span> <span>{h.hours}</span>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
