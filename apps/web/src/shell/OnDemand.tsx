import Close from '@mui/icons-material/Close';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import { DRAWER_ID, NAV_WIDTH_PX } from './layout';
import { SideNav, type SideNavProps } from './SideNav';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  nav: Omit<SideNavProps, 'onNavigate' | 'header'>;
}

// The shell's parts drawn only on demand, in one module so they are one chunk: loaded once the first screen is drawn,
// or at once when asked for before (MainMenuLayout). MUI's Drawer, Dialog and Button bring a modal, a focus trap and
// transitions, which the first screen of a signed-in page does not draw.
export { LogoutDialog } from './LogoutDialog';

/** The navigation in a slide-in drawer, at 1024px or less. */
export function NavDrawer({ open, onClose, nav }: NavDrawerProps) {
  return (
    <Drawer
      id={DRAWER_ID}
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': 'Menu', sx: { width: NAV_WIDTH_PX, border: 0 } } }}
    >
      <SideNav
        {...nav}
        onNavigate={onClose}
        header={
          <IconButton aria-label="Close menu" onClick={onClose} size="small" edge="end">
            <Close fontSize="small" />
          </IconButton>
        }
      />
    </Drawer>
  );
}
