import { ASSISTANT_MESSAGES, ERROR_CODES } from '@brade/contract';
import Close from '@mui/icons-material/Close';
import CloseFullscreen from '@mui/icons-material/CloseFullscreen';
import OpenInFull from '@mui/icons-material/OpenInFull';
import Send from '@mui/icons-material/Send';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { askBradeBot, type ReportInView } from '../../api/assistant';
import { ApiError } from '../../api/client';
import { BRAND_PRIMARY } from '../../ui/theme';
import { visuallyHidden } from '../../ui/visually-hidden';
import { readableReply } from './readable-reply';

/** Collapsed height of the panel (docs/product.md, "Constants and looks"). */
export const BRADEBOT_HEIGHT_PX = 130;
export const BRADEBOT_GREETING = ASSISTANT_MESSAGES.greeting;
/** The spec's error text (docs/product.md, "Failures"). */
export const BRADEBOT_ERROR = ASSISTANT_MESSAGES.failure;
/** Shown in the expanded view to an owner who has not asked anything yet (beyond the spec). */
export const SUGGESTED_QUESTIONS = [
  'What were my takings last month?',
  'How did my costs compare with the month before?',
  'Am I on track for my revenue target?',
  'What was my biggest expense this year?',
] as const;
const REPORT_SUGGESTIONS = ['What do you make of this report?', 'How does it compare with the month before?'] as const;

type Mode = 'idle' | 'typing' | 'loading';
interface Turn {
  question: string;
  reply: string;
}

/** The reply's type: whole lines of it fit the collapsed panel (130 px) at any width. */
const REPLY_FONT_SIZE = '0.875rem';
const REPLY_LINE_HEIGHT = 1.45;
const COLLAPSED_LINES = 3;
const COLLAPSED_CLAMP = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: COLLAPSED_LINES,
  overflow: 'hidden',
} as const;

function Reply({ text }: { text: string }) {
  const blocks = readableReply(text);
  const items = blocks.filter((b) => b.kind === 'item');
  return (
    <>
      {blocks
        .filter((b) => b.kind === 'paragraph')
        .map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a reply's paragraphs never reorder
          <Typography key={i} component="p" sx={{ fontSize: REPLY_FONT_SIZE, lineHeight: REPLY_LINE_HEIGHT, m: 0 }}>
            {b.text}
          </Typography>
        ))}
      {items.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: REPLY_FONT_SIZE, lineHeight: REPLY_LINE_HEIGHT }}>
          {items.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a reply's items never reorder
            <li key={i}>{b.text}</li>
          ))}
        </Box>
      )}
    </>
  );
}

/**
 * BradeBot (docs/product.md, "States and transitions"; docs/assistant.md, "The panel"): idle shows the last reply or the greeting;
 * clicking it types (the reply saved, the display cleared); Enter sends, Shift+Enter breaks the line; the send icon
 * replaces the assistant icon once there is text; cancel or a click outside restores the saved reply; a spinner while
 * waiting; then the reply or the spec's error text, the input cleared, idle again. 130 px collapsed; expands to a
 * near-full-screen overlay (Escape shrinks it) with the conversation so far and suggested questions. With `report`,
 * it asks the report call about the report and month on the page.
 */
export default function BradeBotPanel({ report }: { report?: ReportInView }) {
  const titleId = useId();
  const [mode, setMode] = useState<Mode>('idle');
  const [reply, setReply] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [turns, setTurns] = useState<Turn[]>([]);
  const pending = useRef(false);
  const replyRef = useRef<HTMLDivElement>(null);
  // After a reply, focus goes back to it (the input or the suggestion asked is gone), so keyboard users keep their place.
  const refocus = useRef(false);
  useEffect(() => {
    if (mode === 'idle' && refocus.current) {
      refocus.current = false;
      replyRef.current?.focus();
    }
  }, [mode]);
  const shown = reply ?? BRADEBOT_GREETING;

  const startTyping = () => {
    if (mode !== 'idle') return;
    setSaved(reply);
    setReply(null);
    setMode('typing');
  };
  const cancel = () => {
    if (mode !== 'typing') return;
    setReply(saved);
    setText('');
    setMode('idle');
  };
  const send = async (message: string) => {
    const question = message.trim();
    if (question === '' || pending.current) return;
    pending.current = true;
    setMode('loading');
    let answer: string;
    try {
      answer = await askBradeBot(question, report);
    } catch (error) {
      // The question limit is not a failure: its sentence says when the owner can ask again.
      const limited = error instanceof ApiError && error.body?.code === ERROR_CODES.assistantLimited;
      answer = limited ? (error.serverMessage ?? BRADEBOT_ERROR) : BRADEBOT_ERROR;
    }
    pending.current = false;
    refocus.current = true;
    setReply(answer);
    setTurns((before) => [...before, { question, reply: answer }]);
    setText('');
    setMode('idle');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send(text);
    } else if (event.key === 'Escape' && !expanded) {
      cancel();
    }
  };

  const iconSx = { color: BRAND_PRIMARY } as const;
  const body = (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minHeight: 0, flex: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SmartToyOutlined sx={{ ...iconSx, fontSize: 22 }} aria-hidden />
        <Typography id={titleId} component="h2" sx={{ fontSize: '1rem', fontWeight: 600, flex: 1 }}>
          BradeBot
        </Typography>
        <IconButton
          size="small"
          aria-label={expanded ? 'Shrink BradeBot' : 'Expand BradeBot'}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? <CloseFullscreen fontSize="small" /> : <OpenInFull fontSize="small" />}
        </IconButton>
      </Box>
      {expanded && (
        <Box
          component="ol"
          aria-label="Conversation so far"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            overflow: 'auto',
            flex: 1,
            display: 'flex',
            flexDirection: 'column',
            gap: 1.5,
          }}
        >
          {turns.map((turn, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: turns are only ever appended
            <Box component="li" key={i} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Typography
                sx={{
                  alignSelf: 'flex-end',
                  bgcolor: '#FCE4EC',
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 2,
                  fontSize: '0.875rem',
                }}
              >
                {turn.question}
              </Typography>
              <Box
                sx={{
                  alignSelf: 'flex-start',
                  bgcolor: '#F5F5F5',
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 2,
                  maxWidth: '85%',
                }}
              >
                <Reply text={turn.reply} />
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {expanded && turns.length === 0 && (
        <Box aria-label="Suggested questions" role="group" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {(report ? REPORT_SUGGESTIONS : SUGGESTED_QUESTIONS).map((q) => (
            <Chip key={q} label={q} onClick={() => void send(q)} disabled={mode === 'loading'} variant="outlined" />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minHeight: 0, flex: expanded ? '0 0 auto' : 1 }}>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            minHeight: 0,
            overflow: expanded ? 'auto' : 'hidden',
            maxHeight: expanded ? 200 : `calc(${COLLAPSED_LINES} * ${REPLY_LINE_HEIGHT} * ${REPLY_FONT_SIZE})`,
          }}
        >
          {mode === 'idle' && (
            <Box
              ref={replyRef}
              role="button"
              tabIndex={0}
              // Named by its purpose and then the words it shows, so the visible reply is part of its name.
              aria-labelledby={`${titleId}-ask ${titleId}-reply`}
              onClick={startTyping}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  startTyping();
                }
              }}
              sx={{
                cursor: 'text',
                borderRadius: 1,
                px: 0.5,
                '&:focus-visible': { outline: `2px solid ${BRAND_PRIMARY}`, outlineOffset: -2 },
              }}
            >
              <span id={`${titleId}-ask`} style={visuallyHidden}>
                Ask BradeBot a question:
              </span>
              <div
                id={`${titleId}-reply`}
                // Collapsed, the reply shows whole lines and ends with an ellipsis; expanded, all of it.
                style={expanded ? undefined : COLLAPSED_CLAMP}
                data-testid="bradebot-reply"
              >
                {expanded && turns.length > 0 ? (
                  // The reply is in the conversation above: the box below invites the next question.
                  <Typography sx={{ fontSize: '0.875rem', color: 'text.secondary' }}>Ask another question…</Typography>
                ) : (
                  <Reply text={shown} />
                )}
              </div>
            </Box>
          )}
          {mode === 'typing' && (
            <InputBase
              autoFocus
              multiline
              maxRows={expanded ? 6 : 2}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Ask about your takings, costs, profit or goals"
              inputProps={{ 'aria-label': 'Ask BradeBot', maxLength: 2000 }}
              sx={{ width: '100%', fontSize: '0.875rem' }}
            />
          )}
          {mode === 'loading' && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={20} aria-label="BradeBot is answering" />
            </Box>
          )}
        </Box>
        {mode === 'typing' && (
          <IconButton size="small" aria-label="Cancel" onClick={cancel}>
            <Close fontSize="small" />
          </IconButton>
        )}
        {mode === 'typing' && text.trim() !== '' ? (
          <IconButton size="small" aria-label="Send" onClick={() => void send(text)} sx={iconSx}>
            <Send fontSize="small" />
          </IconButton>
        ) : (
          <Box sx={{ p: '5px', display: 'flex' }}>
            <SmartToyOutlined fontSize="small" sx={iconSx} data-testid="assistant-icon" aria-hidden />
          </Box>
        )}
      </Box>
      {/* Screen readers hear each reply once it arrives. */}
      <Box aria-live="polite" role="status" style={visuallyHidden}>
        {mode === 'loading' ? 'BradeBot is answering' : (reply ?? '')}
      </Box>
    </Box>
  );

  const panel = (
    <ClickAwayListener onClickAway={cancel}>
      <Paper
        component="section"
        aria-labelledby={titleId}
        elevation={0}
        sx={{
          height: expanded ? '100%' : BRADEBOT_HEIGHT_PX,
          px: 2,
          py: 1.25,
          display: 'flex',
          flexDirection: 'column',
          border: expanded ? 0 : '1px solid',
          borderColor: 'divider',
          overflow: 'hidden',
        }}
      >
        {body}
      </Paper>
    </ClickAwayListener>
  );

  if (!expanded) return panel;
  return (
    <>
      <Paper
        elevation={0}
        sx={{ height: BRADEBOT_HEIGHT_PX, border: '1px solid', borderColor: 'divider' }}
        aria-hidden
      />
      <Dialog
        open
        aria-labelledby={titleId}
        onClose={() => setExpanded(false)}
        maxWidth={false}
        slotProps={{
          paper: { sx: { width: 'calc(100% - 32px)', height: 'calc(100% - 32px)', m: 2, maxHeight: 'none' } },
        }}
      >
        {panel}
      </Dialog>
    </>
  );
}
