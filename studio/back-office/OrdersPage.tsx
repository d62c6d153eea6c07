/**
 * The back office's orders: the list at /studio/orders, one order at /studio/orders/:id.
 * `client` is the orders API (a test hands in a fake).
 */
import { backOfficeOrdersClient, type BackOfficeOrdersClient } from '../api/back-office-orders';
import { OrderDetailPage } from './OrderDetail';
import { OrderList } from './OrderList';
import './orders.css';

export function OrdersPage({ id, client = backOfficeOrdersClient }: { id: number | null; client?: BackOfficeOrdersClient }) {
  return id === null ? <OrderList client={client} /> : <OrderDetailPage key={id} id={id} client={client} />;
}
