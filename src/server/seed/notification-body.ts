import type { CardBrand } from '../../contract/enums.ts';
import type { NotificationInput } from '../../contract/notifications.ts';
import type { GeneratedCard } from './card.ts';
import type { CycleRow, EventRow } from './rows.ts';

type EventFields = Omit<EventRow, 'rawBody'>;

/**
 * The body a seeded event arrived with (issue 21): the notification as the acquirer would have posted it, compact
 * JSON in the contract's field order, with the card's expiry (the platform stores no expiry on an event) and the
 * receipt's NSU, a field the platform does not know and keeps only here, as an acquirer's own additions are. No
 * randomness: the generated data is the same with or without it.
 */
export function seededNotificationBody(event: EventFields, card: GeneratedCard | null, cycle: CycleRow): string {
  const body: NotificationInput & { nsu?: string } = {
    eventId: event.eventId,
    id: event.id,
    createdAt: event.createdAtText,
    eventType: event.eventType,
    acquirerName: event.acquirerName as NotificationInput['acquirerName'],
    transactionType: event.transactionType as NotificationInput['transactionType'],
    transactionStatus: event.transactionStatus as NotificationInput['transactionStatus'],
    terminalId: event.terminalId,
    terminalSerialNumber: event.terminalSerialNumber,
    merchantTaxId: event.merchantTaxId,
    acquirerMerchantIdentifier: event.acquirerMerchantIdentifier,
    acquirerTerminalIdentifier: event.acquirerTerminalIdentifier,
    currency: event.currency,
    amount: event.amount,
    paymentMethod: event.paymentMethod as NotificationInput['paymentMethod'],
    installments: event.installments,
    installmentInterest: event.installmentInterest,
    authorizationCode: event.authorizationCode,
    productAid: event.productAid,
    retrievalReferenceNumber: event.retrievalReferenceNumber,
    acquirerResponseCode: event.acquirerResponseCode,
    cardData:
      event.cardData && card
        ? {
            ...event.cardData,
            cardBrand: event.cardData.cardBrand as CardBrand | null,
            expirationMonth: card.expirationMonth,
            expirationYear: card.expirationYear,
          }
        : null,
    terminalData: event.terminalData,
    metadata: event.metadata,
  };
  if (cycle.systemTraceAuditNumber !== null) body.nsu = cycle.systemTraceAuditNumber;
  return JSON.stringify(body);
}
