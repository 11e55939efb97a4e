import { lazy, Suspense } from 'react';
import type { Event } from '../../../contract/events.ts';
import { Skeleton } from '../../components/skeleton.tsx';
import { Badge } from '../../components/badge.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { Link } from 'react-router';
import { MapLink } from '../../components/map-link.tsx';
import { transactionPath } from '../../lib/paths.ts';
import { domainLabel, statusTones } from '../../lib/domain/domain-labels.ts';
import { formatUtc, maskCard } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { Group, Pair, Show } from './event-fields.tsx';

// the body as received: a chunk of its own, asked for when shown
const ReceivedBody = lazy(async () => ({ default: (await import('../../components/received-body/received-body.tsx')).ReceivedBody }));
import { ProcessingPanel } from './processing-panel.tsx';
import styles from './events.module.css';

/** The expanded event: every field, nulls as a dash, the createdAt exactly as received, and the body as received. */
export function EventDetail({ event }: { event: Event }) {
  const t = useT();
  const card = event.cardData;
  const terminal = event.terminalData;
  const metadata = Object.entries(event.metadata);
  return (
    <div className={styles.detail}>
      <ProcessingPanel event={event} />
      <Group title={t('events.group.event')}>
        <Pair term={t('events.field.eventId')} value={event.eventId} copy />
        <Pair term={t('events.field.created')}>
          <span className={styles.created}>
            <TimeText iso={event.createdAt} />
            <code data-testid="exact-created-at" title={t('events.field.exact')}>
              {event.createdAt}
            </code>
            {formatUtc(event.createdAt) !== event.createdAt ? <code className={styles.null}>{formatUtc(event.createdAt)}</code> : null}
          </span>
        </Pair>
        <Pair term={t('events.field.updated')}>
          <TimeText iso={event.updatedAt} />
        </Pair>
        <Pair term={t('events.field.status')}>
          <Badge tone={statusTones[event.eventStatus] ?? 'neutral'}>{domainLabel(t, 'status', event.eventStatus)}</Badge>
        </Pair>
        <Pair term={t('events.field.type')} value={domainLabel(t, 'eventType', event.eventType)} />
      </Group>
      <Group title={t('events.group.transaction')}>
        <Pair term={t('events.field.transactionId')} value={event.id} copy>
          <Link to={transactionPath(event.id)} data-testid="event-transaction-link">
            {event.id}
          </Link>
        </Pair>
        <Pair term={t('events.field.type')} value={domainLabel(t, 'cycleType', event.transactionType)} />
        <Pair term={t('events.field.status')} value={domainLabel(t, 'status', event.transactionStatus)} />
        <Pair term={t('events.field.amount')}>
          <MoneyText minor={event.amount} currency={event.currency} />
        </Pair>
        <Pair term={t('events.field.method')} value={domainLabel(t, 'paymentMethod', event.paymentMethod)} />
        <Pair term={t('events.field.installments')} value={event.installments} />
        <Pair term={t('events.field.installmentInterest')} value={event.installmentInterest} />
        <Pair term={t('events.field.acquirer')} value={domainLabel(t, 'acquirer', event.acquirerName)} />
        <Pair term={t('events.field.authorizationCode')} value={event.authorizationCode} copy />
        <Pair term={t('events.field.rrn')} value={event.retrievalReferenceNumber} copy />
        <Pair term={t('events.field.responseCode')} value={event.acquirerResponseCode} />
        <Pair term={t('events.field.productAid')} value={event.productAid} />
      </Group>
      <Group title={t('events.group.card')}>
        {card ? (
          <>
            <Pair term={t('events.field.captureMethod')} value={card.captureMethod} />
            <Pair term={t('events.field.brand')} value={card.cardBrand ? domainLabel(t, 'cardBrand', card.cardBrand) : null} />
            <Pair term={t('events.field.card')} value={maskCard(card.bin, card.last4)} />
            <Pair term={t('events.field.holder')} value={card.holderName} />
          </>
        ) : (
          <Pair term={t('events.field.card')} value={event.paymentMethod === 'pix' ? t('events.field.pixNoCard') : null} />
        )}
      </Group>
      <Group title={t('events.group.merchant')}>
        <Pair term={t('events.field.merchantId')} value={event.merchantId} copy />
        <Pair term={t('events.field.merchantTaxId')} value={event.merchantTaxId} />
        <Pair term={t('events.field.acquirerMerchantId')} value={event.acquirerMerchantIdentifier} />
        <Pair term={t('events.field.acquirerTerminalId')} value={event.acquirerTerminalIdentifier} />
        <Pair term={t('events.field.terminalId')} value={event.terminalId} copy />
        <Pair term={t('events.field.terminalSerial')} value={event.terminalSerialNumber} />
        <Pair term={t('events.field.connection')} value={terminal.navigationMethod} />
        <Pair term={t('events.field.ssid')} value={terminal.networkSsid} />
        <Pair term={t('events.field.iccid')} value={terminal.simSerialNumber} />
        <Pair term={t('events.field.apn')} value={terminal.simApnData} />
        <Pair term={t('events.field.ip')} value={terminal.ipAddress} />
        <Pair term={t('events.field.location')}>
          {terminal.latitude !== null && terminal.longitude !== null ? <MapLink lat={terminal.latitude} lon={terminal.longitude} /> : null}
        </Pair>
      </Group>
      <Group
        title={t('events.group.metadata')}
        empty={
          metadata.length === 0 ? (
            <p className={styles.null} data-testid="no-metadata">
              {t('events.noMetadata')}
            </p>
          ) : undefined
        }
      >
        {metadata.map(([key, value]) => (
          <Pair key={key} term={key}>
            {typeof value === 'string' ? value : value === null ? <Show value={null} /> : <code>{String(value)}</code>}
          </Pair>
        ))}
      </Group>
      <div className={styles.receivedGroup}>
        <Suspense fallback={<Skeleton lines={4} />}>
          <ReceivedBody eventId={event.eventId} />
        </Suspense>
      </div>
    </div>
  );
}
