import Typography from '@mui/material/Typography';
import { TextLink } from '../../ui/TextLink';

/** Under the expenses tile when no bank is linked: the figure is card fees alone, and where to link the bank. */
export function CardFeesOnlyNote() {
  return (
    <Typography data-testid="tile-note" variant="caption" sx={{ mt: 0.5, color: 'text.secondary', lineHeight: 1.4 }}>
      Card fees only: no bank is linked yet. <TextLink to="/main-menu/settings#integrations">Link your bank</TextLink>
    </Typography>
  );
}
