import { type AppointmentLine, appointmentsOn, compareIds, MAX_BOOKING_LEAD_DAYS } from './appointments';
import { type DayNumber, dateOf } from './calendar';
import { type Client, identityAt } from './client-pool';
import { type GenerationContext, memoised } from './context';
import { pounds, vouchersSoldOn } from './gift-vouchers';
import { londonInstant } from './london-time';
import { feeFor } from './processor-fees';
import { paymentId } from './provider-ids';
import { randomFor, unit } from './random';
import type { CardPayment, Processor, SaleItem } from './types';

/** A payment with the day and hash key the refund and payout rules work from. */
export interface PaymentRecord {
  payment: CardPayment;
  day: DayNumber;
  key: number;
}

interface PendingPayment {
  processor: Processor;
  minute: number;
  second: number;
  amountPence: number;
  client: Client;
  service: string;
  description: string;
  purpose: CardPayment['purpose'];
  items: SaleItem[] | null;
  staffIndex: number | null;
  key: number;
  /** Final tie-breaker for the day's order. */
  order: string;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/**
 * Till payments keyed as an amount without items (a quick sale, a price agreed at the desk), as real salons' tills
 * hold some: about 5 % at the Square till, 15 % on the SumUp reader (docs/sandbox.md, "What was sold and who sold it").
 */
const WITHOUT_ITEMS = { square: 0.05, sumup: 0.15 } as const;

const item = (line: AppointmentLine, amountPence: number, depositPence = 0): SaleItem => ({
  name: line.name,
  variation: line.variation,
  quantity: 1,
  amountPence,
  depositPence,
  type: line.type,
});

/**
 * What the balance paid at the till paid for: the visit's lines, less the deposit paid online, taken off the main
 * line first and then the next (the deposit was for the main service: docs/finance.md, deposits count once, as the
 * service they were for). Lines the deposit covered whole are not on the balance.
 */
function balanceItems(lines: readonly AppointmentLine[], depositPence: number): SaleItem[] {
  let left = depositPence;
  const items: SaleItem[] = [];
  for (const line of lines) {
    const off = Math.min(left, line.pence);
    left -= off;
    if (line.pence - off > 0) items.push(item(line, line.pence - off, off));
  }
  return items;
}

function pendingPaymentsOn(context: GenerationContext, day: DayNumber): PendingPayment[] {
  const pending: PendingPayment[] = [];
  for (const appointment of appointmentsOn(context, day)) {
    const balance = appointment.pricePence - (appointment.deposit?.pence ?? 0);
    if (balance <= 0) continue;
    const items = appointment.items.join(', ');
    const keyedAsAmount = unit(appointment.key, 31) < WITHOUT_ITEMS[appointment.processor];
    pending.push({
      processor: appointment.processor,
      minute: appointment.payMinute,
      second: appointment.paySecond,
      amountPence: balance,
      client: appointment.client,
      service: appointment.service,
      description: appointment.deposit ? `${items} (less ${pounds(appointment.deposit.pence)} deposit)` : items,
      purpose: null,
      items: keyedAsAmount ? null : balanceItems(appointment.lines, appointment.deposit?.pence ?? 0),
      staffIndex: appointment.client.stylist.index,
      key: appointment.key,
      order: `${appointment.day}:${appointment.client.id}`,
    });
  }
  // Deposits taken today by the online booking page (Stripe) for appointments in the next four weeks.
  for (let ahead = 2; ahead <= MAX_BOOKING_LEAD_DAYS; ahead++) appointmentsOn(context, day + ahead);
  const booked = [...(context.depositsByDay.get(day) ?? [])].sort((a, b) => a.day - b.day || compareIds(a, b));
  for (const appointment of booked) {
    const deposit = appointment.deposit!;
    pending.push({
      processor: 'stripe',
      minute: deposit.minute,
      second: appointment.paySecond,
      amountPence: deposit.pence,
      client: appointment.client,
      service: appointment.service,
      description: `Deposit: ${appointment.service}, ${dayFormat.format(new Date(appointment.day * 86_400_000))} (booking ${deposit.bookingReference})`,
      purpose: 'deposit',
      // The booking page names the service booked: the deposit is for it (docs/finance.md).
      items: [item(appointment.lines[0]!, deposit.pence)],
      staffIndex: null,
      key: appointment.key ^ 0x5eed,
      order: `${appointment.day}:${appointment.client.id}`,
    });
  }
  for (const sale of vouchersSoldOn(context, day)) {
    pending.push({
      processor: 'stripe',
      minute: sale.minute,
      second: sale.second,
      amountPence: sale.valuePence,
      client: sale.buyer,
      service: 'Gift voucher',
      description: `Gift voucher ${pounds(sale.valuePence)} – ${context.profile.name}`,
      purpose: 'gift_voucher',
      items: [
        {
          name: 'Gift voucher',
          variation: null,
          quantity: 1,
          amountPence: sale.valuePence,
          depositPence: 0,
          type: 'gift_voucher',
        },
      ],
      staffIndex: null,
      key: sale.buyer.key,
      order: sale.buyer.id,
    });
  }
  return pending.sort(
    (a, b) =>
      a.minute - b.minute ||
      a.second - b.second ||
      a.key - b.key ||
      (a.order < b.order ? -1 : a.order > b.order ? 1 : 0),
  );
}

/** Every card payment taken on a London day, across the three processors. */
export function paymentsOn(context: GenerationContext, day: DayNumber): PaymentRecord[] {
  return memoised(context, 'payments', day, () => {
    const ids = randomFor(context.profile.seed, 'payment-ids', dateOf(day));
    return pendingPaymentsOn(context, day).map((pending) => {
      const identity = identityAt(pending.client, pending.processor);
      const payment: CardPayment = {
        kind: 'payment',
        processor: pending.processor,
        id: paymentId(pending.processor, ids),
        occurredAt: londonInstant(day, pending.minute, pending.second),
        amountPence: pending.amountPence,
        feePence: feeFor(pending.processor, day, pending.amountPence),
        currency: 'GBP',
        customerId: identity.customerId,
        cardFingerprint: identity.fingerprint,
        clientId: pending.client.id,
        service: pending.service,
        description: pending.description,
        purpose: pending.purpose,
        items: pending.items,
        staffIndex: pending.staffIndex,
      };
      return { payment, day, key: pending.key };
    });
  });
}
