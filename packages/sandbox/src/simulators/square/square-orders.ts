import type { CardPayment, SaleItem, TeamMember, VoucherRedemption } from '../../salon-data/types';
import { rfc3339 } from '../common/card-sim-clock';
import { BASE62, stableToken, UPPER_ALNUM } from '../common/card-sim-ids';

/**
 * Square's Orders and Team APIs over the generated salon (docs/sandbox.md, "What was sold and who sold it"): every payment taken at
 * the till belongs to an order whose line items are what the client paid for, and names the team member who took it.
 */

export interface SquareOrder {
  id: string;
  locationId: string;
  createdAtMs: number;
  body: Record<string, unknown>;
}

const money = (amount: number) => ({ amount, currency: 'GBP' });

/** The order id Square writes on a payment (and its refunds): one order per payment at the till. */
export const orderIdOf = (paymentId: string) => stableToken(`order:${paymentId}`, BASE62, 29);

/** A catalogue variation's id: the same item and variation always have the same id, as in a seller's catalogue. */
const catalogIdOf = (merchantId: string, item: SaleItem) =>
  stableToken(`catalog:${merchantId}:${item.name}:${item.variation ?? ''}`, UPPER_ALNUM, 24);

/** Square's team member ids are 20 characters of letters, digits, '-' and '_'. */
export const teamMemberIdOf = (merchantId: string, index: number) =>
  stableToken(`team-member:${merchantId}:${index}`, `${BASE62}-_`, 20);

const DEPOSIT_DISCOUNT_UID = 'deposit-paid-online';

/**
 * One line item. A deposit paid online is a fixed discount on the order, applied to the lines it covers (the main
 * service first): the line keeps its price and shows what the deposit took off. A till payment keyed as an amount
 * is one CUSTOM_AMOUNT line without a name, as Square records a quick sale.
 */
function lineItem(merchantId: string, orderId: string, item: SaleItem, position: number) {
  const gross = item.amountPence + item.depositPence;
  return {
    uid: stableToken(`line:${orderId}:${position}`, BASE62, 22),
    name: item.name,
    quantity: String(item.quantity),
    catalog_object_id: catalogIdOf(merchantId, item),
    catalog_version: 1_700_000_000_000,
    ...(item.variation ? { variation_name: item.variation } : {}),
    item_type: 'ITEM',
    ...(item.depositPence > 0
      ? {
          applied_discounts: [
            {
              uid: stableToken(`applied:${orderId}:${position}`, BASE62, 22),
              discount_uid: DEPOSIT_DISCOUNT_UID,
              applied_money: money(item.depositPence),
            },
          ],
        }
      : {}),
    base_price_money: money(Math.round(gross / item.quantity)),
    variation_total_price_money: money(gross),
    gross_sales_money: money(gross),
    total_tax_money: money(0),
    total_discount_money: money(item.depositPence),
    total_money: money(item.amountPence),
  };
}

function customAmount(orderId: string, pence: number) {
  return {
    uid: stableToken(`line:${orderId}:0`, BASE62, 22),
    quantity: '1',
    item_type: 'CUSTOM_AMOUNT',
    base_price_money: money(pence),
    variation_total_price_money: money(pence),
    gross_sales_money: money(pence),
    total_tax_money: money(0),
    total_discount_money: money(0),
    total_money: money(pence),
  };
}

interface OrderSource {
  paymentId: string;
  occurredAt: Date;
  amountPence: number;
  feePence: number;
  customerId: string | null;
  items: SaleItem[] | null;
  tender: 'CARD' | 'OTHER';
}

function order(merchantId: string, locationId: string, source: OrderSource): SquareOrder {
  const id = orderIdOf(source.paymentId);
  const at = rfc3339(source.occurredAt);
  const discount = (source.items ?? []).reduce((sum, item) => sum + item.depositPence, 0);
  const lines = source.items
    ? source.items.map((item, position) => lineItem(merchantId, id, item, position))
    : [customAmount(id, source.amountPence)];
  const customer = source.customerId ? { customer_id: source.customerId } : {};
  return {
    id,
    locationId,
    createdAtMs: source.occurredAt.getTime(),
    body: {
      id,
      location_id: locationId,
      source: { name: 'Square Point of Sale' },
      ...customer,
      line_items: lines,
      ...(discount > 0
        ? {
            discounts: [
              {
                uid: DEPOSIT_DISCOUNT_UID,
                name: 'Deposit paid online',
                type: 'FIXED_AMOUNT',
                amount_money: money(discount),
                applied_money: money(discount),
                scope: 'ORDER',
              },
            ],
          }
        : {}),
      net_amounts: {
        total_money: money(source.amountPence),
        tax_money: money(0),
        discount_money: money(discount),
        tip_money: money(0),
        service_charge_money: money(0),
      },
      tenders: [
        {
          id: source.paymentId,
          location_id: locationId,
          transaction_id: id,
          created_at: at,
          amount_money: money(source.amountPence),
          ...(source.tender === 'CARD' ? { processing_fee_money: money(source.feePence) } : {}),
          ...customer,
          type: source.tender,
          payment_id: source.paymentId,
        },
      ],
      created_at: at,
      updated_at: at,
      closed_at: at,
      state: 'COMPLETED',
      version: 4,
      total_money: money(source.amountPence),
      total_tax_money: money(0),
      total_discount_money: money(discount),
      total_tip_money: money(0),
      total_service_charge_money: money(0),
      net_amount_due_money: money(0),
    },
  };
}

export function paymentOrder(merchantId: string, locationId: string, record: CardPayment): SquareOrder {
  return order(merchantId, locationId, { ...record, paymentId: record.id, tender: 'CARD' });
}

/** A gift voucher spent at the till: an order paid by an "other" tender, its one line the amount the voucher paid. */
export function voucherOrder(merchantId: string, locationId: string, record: VoucherRedemption): SquareOrder {
  return order(merchantId, locationId, {
    paymentId: record.id,
    occurredAt: record.occurredAt,
    amountPence: record.amountPence,
    feePence: 0,
    customerId: null,
    items: null,
    tender: 'OTHER',
  });
}

/** A team member as Square's Team API shows one: everyone may work at every location. */
export function teamMemberView(merchantId: string, member: TeamMember, createdAt: string) {
  return {
    id: teamMemberIdOf(merchantId, member.index),
    reference_id: `staff-${member.index}`,
    is_owner: member.owner,
    status: 'ACTIVE',
    given_name: member.givenName,
    family_name: member.familyName,
    created_at: createdAt,
    updated_at: createdAt,
    assigned_locations: { assignment_type: 'ALL_CURRENT_AND_FUTURE_LOCATIONS' },
  };
}
