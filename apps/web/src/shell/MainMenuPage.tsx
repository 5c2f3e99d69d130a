import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { stored } from '../api/session';
import { queryClient } from './query-client';
import { SignedInHome } from './SignedInHome';

/** /main-menu and its children. For now one signed-in page; the navigation shell comes with the dashboard. */
export default function MainMenuPage() {
  const id = stored.id();
  // Spec section 6 shows no route guard; without an id there is nobody to show, so sign in first.
  if (!id) return <Navigate to="/login" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInHome id={id} />
    </QueryClientProvider>
  );
}
