/** The quotes client the quote screens call: the real one, or a test's fake handed to QuotesPage. */
import { createContext, useContext } from 'react';
import { backOfficeQuotesClient, type BackOfficeQuotesClient } from '../api/back-office-quotes';

export const QuotesClientContext = createContext<BackOfficeQuotesClient>(backOfficeQuotesClient);

export const useQuotesClient = () => useContext(QuotesClientContext);
