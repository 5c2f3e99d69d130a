import { ASSISTANT_MESSAGES, type AssistantRequest, ERROR_CODES, londonDateOf, londonTimeOf } from '@brade/contract';
import type { Logger } from 'pino';
import { findUserById } from '../accounts/users.js';
import type { Database } from '../db/client.js';
import { HttpError, notFound } from '../http/http-error.js';
import { count, type Limit } from '../rate-limits/rate-limit.js';
import { type AnalystAnswer, answerQuestion, commentOnReport, type ReportShown } from './analyst.js';
import { loadConversation, rememberTurn } from './conversation-store.js';
import { ASSISTANT_LIMITS, ASSISTANT_TIMEOUT_MS, MODEL_TIMEOUT_MS } from './limits.js';
import type { ModelClient } from './model.js';
import { checkReply } from './reply-checker.js';
import type { ToolContext } from './tools.js';

/** What BradeBot needs, injectable for tests (docs/assistant.md). */
export interface AssistantOptions {
  /** The whole answer's budget (30 s). */
  timeoutMs?: number;
  /** The model's share, after which the built-in analyst answers (20 s). */
  modelTimeoutMs?: number;
  /** The language model, when one is configured; null answers with the built-in analyst alone. */
  model?: ModelClient | null;
}

export interface AssistantDeps {
  database: Database;
  clock: () => Date;
  log: Logger;
}

export type AssistantMode = 'chat' | 'report';

/**
 * Counts a question against a limit; past it, a 429 whose sentence says how many questions and when the owner can
 * ask again (Europe/London), for the panel to show (docs/assistant.md, "Limits"). Windows run on the database's clock.
 */
async function withinLimit(db: Parameters<typeof count>[0], limit: Limit, subject: string): Promise<void> {
  const { allowed, retryAfter } = await count(db, limit, subject);
  if (allowed) return;
  const at = londonTimeOf(new Date(Date.now() + Math.ceil(retryAfter) * 1000));
  throw new HttpError(
    429,
    ERROR_CODES.assistantLimited,
    ASSISTANT_MESSAGES.limit(limit.max, limit.windowSeconds / 60, at),
    undefined,
    {
      'retry-after': String(Math.max(1, Math.ceil(retryAfter))),
    },
  );
}

const timeoutError = () => new HttpError(504, ERROR_CODES.unavailable, ASSISTANT_MESSAGES.timeout);

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One question to BradeBot: limits, memory, the built-in analyst's answer, and the model's when one is configured
 * and its reply passes the checks (else the analyst's, logged). The payload's own figures are never read.
 */
export async function askAssistant(
  deps: AssistantDeps,
  options: AssistantOptions,
  who: { userId: string; sessionId: string; address?: string },
  request: Pick<AssistantRequest, 'message'> & { report?: ReportShown | undefined },
  mode: AssistantMode,
): Promise<string> {
  const { db } = deps.database;
  const user = await findUserById(db, who.userId);
  if (!user) throw notFound();
  if (user.isDemo) {
    await withinLimit(db, ASSISTANT_LIMITS.demoSession, who.sessionId);
    if (who.address) await withinLimit(db, ASSISTANT_LIMITS.demoAddress, who.address);
    await withinLimit(db, ASSISTANT_LIMITS.demoAccount, who.userId);
  } else {
    await withinLimit(db, ASSISTANT_LIMITS.owner, who.userId);
  }

  const now = deps.clock();
  const ctx: ToolContext = { db, userId: who.userId, today: londonDateOf(now), now };
  const question = request.message.trim();
  const conversation = await loadConversation(db, who.sessionId, who.userId, now);

  const work = async (): Promise<{ text: string; answer: AnalystAnswer }> => {
    const answer =
      mode === 'report' && request.report
        ? await commentOnReport(ctx, request.report, question)
        : await answerQuestion(ctx, question, conversation.lastIntent);
    const model = options.model;
    if (!model) return { text: answer.text, answer };
    const abort = new AbortController();
    try {
      const reply = await withTimeout(
        model.reply({
          question,
          history: conversation.turns,
          report: request.report ?? null,
          ctx,
          signal: abort.signal,
        }),
        options.modelTimeoutMs ?? MODEL_TIMEOUT_MS,
        () => new Error('model timed out'),
      );
      const verdict = checkReply(reply.text, reply.toolResults);
      if (verdict.ok) return { text: reply.text, answer };
      deps.log.warn({ assistantFallback: 'reply_check', problems: verdict.problems }, 'BradeBot: model reply replaced');
    } catch (error) {
      abort.abort();
      deps.log.warn(
        { assistantFallback: 'model_error', reason: error instanceof Error ? error.message : String(error) },
        'BradeBot: model failed, the built-in analyst answers',
      );
    }
    return { text: answer.text, answer };
  };

  const { text, answer } = await withTimeout(work(), options.timeoutMs ?? ASSISTANT_TIMEOUT_MS, timeoutError);
  await rememberTurn(db, who, conversation, { question, reply: text }, answer.intent, now);
  return text;
}
