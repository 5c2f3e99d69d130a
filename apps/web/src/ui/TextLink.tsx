import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

const linkStyles = ({ theme }: { theme: import('@mui/material/styles').Theme }) => ({
  color: theme.palette.primary.main,
  fontWeight: 600,
  fontFamily: 'inherit',
  fontSize: 'inherit',
  textDecoration: 'none',
  borderRadius: 4,
  '&:hover': { textDecoration: 'underline' },
});

/** An in-app text link in the brand colour (lighter on the sign-in chunk than MUI's Link). */
export const TextLink = styled(RouterLink)(linkStyles);

/** A link-looking button for in-page actions such as 'Resend code'. */
export const LinkButton = styled('button')(linkStyles, {
  background: 'none',
  border: 0,
  padding: 0,
  cursor: 'pointer',
  '&:disabled': { opacity: 0.6, cursor: 'default' },
});
