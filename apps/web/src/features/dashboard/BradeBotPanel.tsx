import Send from '@mui/icons-material/Send';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { BRAND_PRIMARY } from '../../app/theme';

/** Collapsed height of the panel (docs/product.md, "Constants and looks"). */
export const BRADEBOT_HEIGHT_PX = 130;
export const BRADEBOT_GREETING = "Hi, I'm BradeBot. Ask me anything about your salon's finances.";
export const BRADEBOT_COMING_SOON = 'BradeBot is coming in the next release.';

/** BradeBot's place on the dashboard, in its collapsed size; the assistant itself arrives in a later release. */
export function BradeBotPanel() {
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      elevation={0}
      sx={{
        height: BRADEBOT_HEIGHT_PX,
        px: 2,
        py: 1.25,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        border: '1px solid',
        borderColor: 'divider',
        overflow: 'hidden',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SmartToyOutlined sx={{ color: BRAND_PRIMARY, fontSize: 22 }} aria-hidden />
        <Typography id={titleId} component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          BradeBot
        </Typography>
        <Chip label="Coming soon" size="small" sx={{ height: 22, bgcolor: '#FCE4EC', color: '#9A1248' }} />
      </Box>
      <Typography sx={{ fontSize: '0.85rem', lineHeight: 1.45 }}>{BRADEBOT_GREETING}</Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          height: 34,
          pl: 1.5,
          pr: 1,
          borderRadius: 999,
          border: '1px solid',
          borderColor: 'divider',
          bgcolor: '#FBF6F8',
        }}
      >
        <InputBase
          disabled
          placeholder={BRADEBOT_COMING_SOON}
          inputProps={{ 'aria-label': 'Ask BradeBot' }}
          sx={{ flex: 1, fontSize: '0.8rem', '& input::placeholder': { opacity: 1, color: '#7A6470' } }}
        />
        <Send aria-hidden sx={{ fontSize: 18, color: '#C9B3BE' }} />
      </Box>
    </Paper>
  );
}
