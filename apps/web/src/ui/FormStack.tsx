import { styled } from '@mui/material/styles';

/** The vertical rhythm of every form: fields, alert and buttons 20px apart. */
export const FormStack = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2.5),
}));
