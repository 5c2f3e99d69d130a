import { MESSAGES } from '@brade/contract';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AuthLayout } from '../ui/AuthLayout';
import { PlainButtonLink } from '../ui/PlainButton';

/** The generic error page: unknown routes, render errors and route chunks that failed or timed out. */
export function ErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) console.error('Unexpected application error', error);
  }, [error, notFound]);

  return (
    <AuthLayout title={MESSAGES.errorPage}>
      <Typography variant="body1" color="textSecondary" sx={{ mb: 3 }}>
        {notFound
          ? "We couldn't find that page. It may have moved, or the link may be incomplete."
          : 'Something went wrong on our side. Please try again in a moment.'}
      </Typography>
      {/* A full page load (a plain link): after a failed chunk the fresh index.html names the current chunks. */}
      <PlainButtonLink href="/login" variant="contained">
        Back to Login
      </PlainButtonLink>
    </AuthLayout>
  );
}
