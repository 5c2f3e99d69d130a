export { generateSalonData } from './generate';
export { londonDateOf, londonTimeToUtc } from './london-time';
export type {
  BankCategory,
  BankTransaction,
  CardPayment,
  CardRefund,
  GenerateOptions,
  Payout,
  Processor,
  SaleItem,
  SalonData,
  SalonLegalForm,
  TeamMember,
  VoucherRedemption,
} from './types';
export { BANK_CATEGORIES } from './types';
