/** The back office's leads: the list at /studio/leads, one lead at /studio/leads/:id. */
import { backOfficeLeadClient, type BackOfficeLeadClient } from '../api/back-office-leads';
import { LeadDetail } from './LeadDetail';
import { LeadList } from './LeadList';
import './leads.css';

export function LeadsPage({ id, client = backOfficeLeadClient }: { id: number | null; client?: BackOfficeLeadClient }) {
  return id === null ? <LeadList client={client} /> : <LeadDetail key={id} id={id} client={client} />;
}
