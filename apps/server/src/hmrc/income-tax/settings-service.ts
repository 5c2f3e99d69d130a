import {
  INCOME_TAX_MESSAGES,
  type IncomeTaxSettings,
  mtdVerdict,
  type UpdateIncomeTaxSettingsRequest,
} from '@brade/contract';
import { legalFormOf, setLegalForm } from '../../accounts/users.js';
import type { Db } from '../../db/client.js';
import { booksQualifyingIncome, decidingTaxYear } from './qualifying-income.js';
import { readCategoryMap, readIncomeTaxSettings, saveIncomeTaxSettings } from './settings-store.js';

/**
 * A sole trader's Income Tax details as the page shows them (docs/finance.md, "Income Tax"), with whether Making Tax
 * Digital for Income Tax applies: from the books' last full tax year where they hold one, else from the owner's
 * answer, else the question Brade asks.
 */
export async function incomeTaxSettingsOf(db: Db, userId: string, today: string): Promise<IncomeTaxSettings> {
  const [legalForm, settings, map, books] = await Promise.all([
    legalFormOf(db, userId),
    readIncomeTaxSettings(db, userId),
    readCategoryMap(db, userId),
    booksQualifyingIncome(db, userId, today),
  ]);
  const answer = settings.ownerAnswer;
  const income = books ?? (answer ? { pence: answer.pence, taxYear: answer.taxYear, source: 'owner' as const } : null);
  const verdict = income ? mtdVerdict(income) : null;
  const asked = decidingTaxYear(today);
  return {
    legal_form: legalForm,
    nino: settings.nino,
    quarter_type: settings.quarterType,
    expenses: settings.expenses,
    business_id: settings.businessId,
    qualifying_income: income ? { amount: income.pence / 100, tax_year: income.taxYear, source: income.source } : null,
    owner_answer: answer ? { amount: answer.pence / 100, tax_year: answer.taxYear } : null,
    mtd: verdict ? { applies: verdict.applies, decides: verdict.decides, sentence: verdict.sentence } : null,
    question: income
      ? null
      : {
          tax_year: asked,
          text: `What was your qualifying income in ${asked}? It is your turnover and other business income before expenses, from your tax return for that year (every self-employment and letting added together). HMRC decides from it whether Making Tax Digital for Income Tax applies to you now.`,
        },
    category_map: [...map].map(([category, hmrc_category]) => ({ category, hmrc_category })),
  };
}

/** Saves the details given (the legal form with the business details); the rest stays. */
export async function updateIncomeTaxSettings(
  db: Db,
  userId: string,
  body: UpdateIncomeTaxSettingsRequest,
  now: Date,
): Promise<string> {
  if (body.legal_form) await setLegalForm(db, userId, body.legal_form);
  await saveIncomeTaxSettings(
    db,
    userId,
    {
      ...(body.nino !== undefined
        ? { nino: body.nino === null ? null : body.nino.replace(/[\s-]/g, '').toUpperCase() }
        : {}),
      ...(body.quarter_type ? { quarterType: body.quarter_type } : {}),
      ...(body.expenses ? { expenses: body.expenses } : {}),
      ...(body.business_id ? { business: { id: body.business_id, tradingName: null } } : {}),
      ...(body.qualifying_income !== undefined
        ? {
            ownerAnswer:
              body.qualifying_income === null
                ? null
                : { pence: Math.round(body.qualifying_income.amount * 100), taxYear: body.qualifying_income.tax_year },
          }
        : {}),
    },
    now,
  );
  return INCOME_TAX_MESSAGES.saved;
}
