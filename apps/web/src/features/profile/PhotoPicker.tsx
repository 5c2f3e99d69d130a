import { PROFILE_MESSAGES, PROFILE_PHOTO_ACCEPT, PROFILE_PHOTO_RULES } from '@brade/contract';
import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { uploadProfilePhoto } from '../../api/profile';
import { failureNotice } from '../../ui/failure-notice';
import type { NoticeSeverity } from '../../ui/use-notices';

type Notify = (severity: NoticeSeverity, text: string, detail?: string) => void;

/** The server's refusals of a file that no retry of the same file can change. */
const LASTING_PHOTO_REFUSALS = [
  PROFILE_MESSAGES.photo.wrongType,
  PROFILE_MESSAGES.photo.tooLarge,
  PROFILE_MESSAGES.photo.tooManyPixels,
  PROFILE_MESSAGES.photo.tooLong,
  PROFILE_MESSAGES.photo.unreadable,
];

/** Checked here only to spare a doomed upload; the server decides by the file's content. */
function problemWith(file: File): string | null {
  if (!(PROFILE_PHOTO_RULES.acceptedTypes as readonly string[]).includes(file.type)) {
    return PROFILE_MESSAGES.photo.wrongType;
  }
  if (file.size > PROFILE_PHOTO_RULES.maxBytes) return PROFILE_MESSAGES.photo.tooLarge;
  return null;
}

interface PhotoPickerProps {
  id: string;
  notify: Notify;
  /** The avatar the picker sits under; dimmed with a spinner while uploading. */
  children: ReactNode;
}

/** The profile photo picker: JPEG, PNG or WebP up to 5 MB; the shell's profile card shows it once saved. */
export function PhotoPicker({ id, notify, children }: PhotoPickerProps) {
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const problem = problemWith(file);
    if (problem) {
      // Choosing another file is the fix, not trying again.
      notify('error', problem);
      return;
    }
    setUploading(true);
    try {
      await uploadProfilePhoto(id, file);
      window.dispatchEvent(new Event('userDetailsUpdated'));
      notify('success', PROFILE_MESSAGES.photo.success);
    } catch (error) {
      console.error('Could not upload the profile photo', error);
      const { text, detail } = failureNotice(PROFILE_MESSAGES.photo.failure, error, LASTING_PHOTO_REFUSALS);
      notify('error', text, detail);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ position: 'relative', opacity: uploading ? 0.5 : 1 }} aria-busy={uploading}>
        {children}
        {uploading && (
          <CircularProgress
            size={40}
            aria-label="Uploading photo"
            sx={{ position: 'absolute', top: '50%', left: '50%', mt: '-20px', ml: '-20px' }}
          />
        )}
      </Box>
      {/* A button that opens the file input's own picker: a label dressed as a button would carry a role a label may not. */}
      <Button
        variant="outlined"
        size="small"
        startIcon={<PhotoCamera />}
        disabled={uploading}
        onClick={() => input.current?.click()}
      >
        Change photo
      </Button>
      <input
        ref={input}
        type="file"
        accept={PROFILE_PHOTO_ACCEPT}
        hidden
        aria-label="Change photo"
        onChange={(event) => void pick(event)}
      />
    </Box>
  );
}
