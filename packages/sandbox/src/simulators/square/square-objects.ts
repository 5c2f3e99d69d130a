import { londonDateOf } from '@brade/contract';
import type { CardPayment, CardRefund, Payout, VoucherRedemption } from '../../salon-data/types';
import { cardDetails, cardholderEmail } from '../common/card-sim-cardholders';
import { rfc3339 } from '../common/card-sim-clock';
import { BASE62, HEX_CHARS, stableToken, UPPER_ALNUM } from '../common/card-sim-ids';
import type { ProcessorData } from '../common/card-sim-merchant-data';
import { orderIdOf, paymentOrder, type SquareOrder, teamMemberIdOf, voucherOrder } from './square-orders';

/**
 * The salon's Square reader sits at reception (main location); its quick-service bar (blow-dries and gents' cuts)
 * runs as a second Square location. The generator has no location, so the service decides, deterministically.
 */
const BAR_SERVICES = new Set(['Blow-dry', "Gents' cut"]);

export interface SquareLocation {
  id: string;
  name: string;
  main: boolean;
}

export function locationsOf(merchantId: string): [SquareLocation, SquareLocation] {
  return [
    { id: `L${stableToken(`main:${merchantId}`, UPPER_ALNUM, 12)}`, name: 'Salon (main)', main: true },
    { id: `L${stableToken(`bar:${merchantId}`, UPPER_ALNUM, 12)}`, name: 'Blow-dry & Barber Bar', main: false },
  ];
}

export function locationView(location: SquareLocation, merchantId: string, createdAt: string) {
  return {
    id: location.id,
    name: location.name,
    address: {
      address_line_1: location.main ? '12 High Street' : 'Unit 3, Market Hall',
      locality: 'London',
      postal_code: location.main ? 'N1 1AA' : 'N1 2BB',
      country: 'GB',
    },
    timezone: 'Europe/London',
    capabilities: ['CREDIT_CARD_PROCESSING'],
    status: 'ACTIVE',
    created_at: createdAt,
    merchant_id: merchantId,
    country: 'GB',
    language_code: 'en-GB',
    currency: 'GBP',
    business_name: 'Sandbox Salon',
    type: 'PHYSICAL',
    mcc: '7230',
  };
}

export interface SquareRecord {
  id: string;
  createdAtMs: number;
  locationId: string;
  body: Record<string, unknown>;
}

export interface SquareBook {
  payments: SquareRecord[];
  refunds: SquareRecord[];
  payouts: SquareRecord[];
  /** Every payment's order, by id, and in the order they were created (SearchOrders). */
  orders: Map<string, SquareOrder>;
  orderList: SquareOrder[];
}

const money = (amount: number) => ({ amount, currency: 'GBP' });

function payment(
  record: CardPayment,
  merchantId: string,
  locationId: string,
  refunds: CardRefund[],
  publicBaseUrl: string,
): SquareRecord {
  const card = cardDetails(record.cardFingerprint);
  const refunded = refunds.reduce((sum, refund) => sum + refund.amountPence, 0);
  const createdAt = rfc3339(record.occurredAt);
  return {
    id: record.id,
    createdAtMs: record.occurredAt.getTime(),
    locationId,
    body: {
      id: record.id,
      created_at: createdAt,
      updated_at: refunds.length > 0 ? rfc3339(refunds.at(-1)!.occurredAt) : createdAt,
      amount_money: money(record.amountPence),
      ...(refunded > 0 ? { refunded_money: money(refunded) } : {}),
      total_money: money(record.amountPence),
      approved_money: money(record.amountPence),
      processing_fee: [{ effective_at: createdAt, type: 'INITIAL', amount_money: money(record.feePence) }],
      status: 'COMPLETED',
      delay_duration: 'PT168H',
      source_type: 'CARD',
      card_details: {
        status: 'CAPTURED',
        card: {
          card_brand: card.brand === 'amex' ? 'AMERICAN_EXPRESS' : card.brand.toUpperCase(),
          last_4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
          fingerprint: record.cardFingerprint,
          card_type: card.funding.toUpperCase(),
          prepaid_type: 'NOT_PREPAID',
        },
        entry_method: 'CONTACTLESS',
        cvv_status: 'CVV_NOT_CHECKED',
        avs_status: 'AVS_NOT_CHECKED',
      },
      location_id: locationId,
      ...(record.customerId
        ? { customer_id: record.customerId, buyer_email_address: cardholderEmail(record.clientId) }
        : {}),
      ...(refunds.length > 0 ? { refund_ids: refunds.map((refund) => refund.id) } : {}),
      // Who took the payment at the till (Square's Team API names them).
      ...(record.staffIndex !== null ? { team_member_id: teamMemberIdOf(merchantId, record.staffIndex) } : {}),
      ...tillFields(record.id, record.description, publicBaseUrl),
    },
  };
}

/** What Square writes on every payment taken at its till, whatever paid it. */
function tillFields(id: string, note: string, publicBaseUrl: string) {
  return {
    order_id: orderIdOf(id),
    note,
    receipt_number: id.slice(0, 4),
    receipt_url: `${publicBaseUrl}/receipt/${id}`,
    application_details: { square_product: 'SQUARE_POS' },
    version_token: stableToken(`version:${id}`, BASE62, 43),
  };
}

/**
 * A gift voucher spent at the till, recorded as Square records a tender it did not process: an EXTERNAL payment of
 * type OTHER_GIFT_CARD, with no card, no processing fee and nothing paid out.
 */
function voucherTender(record: VoucherRedemption, locationId: string, publicBaseUrl: string): SquareRecord {
  const createdAt = rfc3339(record.occurredAt);
  const amount = money(record.amountPence);
  return {
    id: record.id,
    createdAtMs: record.occurredAt.getTime(),
    locationId,
    body: {
      id: record.id,
      created_at: createdAt,
      updated_at: createdAt,
      amount_money: amount,
      total_money: amount,
      approved_money: amount,
      status: 'COMPLETED',
      source_type: 'EXTERNAL',
      external_details: { type: 'OTHER_GIFT_CARD', source: 'Salon gift voucher' },
      location_id: locationId,
      ...tillFields(record.id, record.description, publicBaseUrl),
    },
  };
}

function refund(record: CardRefund, locationId: string): SquareRecord {
  const createdAt = rfc3339(record.occurredAt);
  return {
    id: record.id,
    createdAtMs: record.occurredAt.getTime(),
    locationId,
    body: {
      id: record.id,
      status: 'COMPLETED',
      amount_money: money(record.amountPence),
      // No processing_fee: the generator's payouts keep the fee of a refunded sale, so none is given back.
      payment_id: record.paymentId,
      order_id: orderIdOf(record.paymentId),
      reason: record.reason,
      created_at: createdAt,
      updated_at: createdAt,
      location_id: locationId,
    },
  };
}

function payout(record: Payout, id: string, locationId: string, amount: number): SquareRecord {
  const createdAt = rfc3339(record.occurredAt);
  return {
    id,
    createdAtMs: record.occurredAt.getTime(),
    locationId,
    body: {
      id,
      status: 'PAID',
      location_id: locationId,
      created_at: createdAt,
      updated_at: createdAt,
      amount_money: money(amount),
      destination: { type: 'BANK_ACCOUNT', id: 'ccof:sandbox-salon-bank' },
      version: 1,
      type: 'BATCH',
      arrival_date: londonDateOf(record.occurredAt),
      end_to_end_id: `L2100000${stableToken(`e2e:${id}`, HEX_CHARS, 8)}`,
    },
  };
}

/**
 * Square pays each location out separately, so every generator payout is split into the two locations' nets for
 * the days it covers (same total). If the bar's share is not strictly between 0 and the total (its days fall
 * before the generated window), the whole payout stays with the main location.
 */
function splitPayout(record: Payout, barNetByDay: Map<string, number>, main: string, bar: string): SquareRecord[] {
  let barNet = 0;
  for (
    let day = record.periodStart;
    day <= record.periodEnd;
    day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  ) {
    barNet += barNetByDay.get(day) ?? 0;
  }
  if (barNet <= 0 || barNet >= record.amountPence) return [payout(record, record.id, main, record.amountPence)];
  const barId = `po_${stableToken(`bar-payout:${record.id}`, HEX_CHARS, 32).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5')}`;
  return [payout(record, record.id, main, record.amountPence - barNet), payout(record, barId, bar, barNet)];
}

const byCreated = (a: SquareRecord, b: SquareRecord) =>
  a.createdAtMs - b.createdAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function buildSquareBook(data: ProcessorData, merchantId: string, publicBaseUrl: string): SquareBook {
  const [main, bar] = locationsOf(merchantId);
  const locationOfPayment = new Map<string, string>();
  const refundsByPayment = new Map<string, CardRefund[]>();
  for (const record of data.refunds)
    refundsByPayment.set(record.paymentId, [...(refundsByPayment.get(record.paymentId) ?? []), record]);
  const barNetByDay = new Map<string, number>();
  const addBar = (at: Date, amount: number) => {
    const day = londonDateOf(at);
    barNetByDay.set(day, (barNetByDay.get(day) ?? 0) + amount);
  };
  const orderList: SquareOrder[] = [];
  const payments = data.payments.map((record) => {
    const locationId = BAR_SERVICES.has(record.service) ? bar.id : main.id;
    locationOfPayment.set(record.id, locationId);
    if (locationId === bar.id) addBar(record.occurredAt, record.amountPence - record.feePence);
    orderList.push(paymentOrder(merchantId, locationId, record));
    return payment(record, merchantId, locationId, refundsByPayment.get(record.id) ?? [], publicBaseUrl);
  });
  const refunds = data.refunds.map((record) => {
    const locationId = locationOfPayment.get(record.paymentId) ?? main.id;
    if (locationId === bar.id) addBar(record.occurredAt, -record.amountPence);
    return refund(record, locationId);
  });
  for (const record of data.redemptions) {
    payments.push(voucherTender(record, main.id, publicBaseUrl));
    orderList.push(voucherOrder(merchantId, main.id, record));
  }
  const payouts = data.payouts.flatMap((record) => splitPayout(record, barNetByDay, main.id, bar.id));
  orderList.sort((a, b) => a.createdAtMs - b.createdAtMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    payments: payments.sort(byCreated),
    refunds: refunds.sort(byCreated),
    payouts: payouts.sort(byCreated),
    orders: new Map(orderList.map((o) => [o.id, o])),
    orderList,
  };
}
