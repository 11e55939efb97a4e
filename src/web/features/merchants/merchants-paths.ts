/**
 * The connections pages as the Merchants page links to them (one merchant's connections, the connect form with it
 * picked): the query parameters of the credentials feature's pages, which this feature cannot import.
 */
export const merchantConnectionsPath = (merchantId: string) => `/credentials?${new URLSearchParams({ merchant_id: merchantId }).toString()}`;
export const connectMerchantPath = (merchantId: string) => `/credentials/new?${new URLSearchParams({ merchant_id: merchantId }).toString()}`;
