import { QueryClientProvider } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { stored } from '../api/session';
import { MainMenuLayout } from './MainMenuLayout';
import { queryClient } from './query-client';

/** /main-menu and its children: the navigation shell around the dashboard, reports, settings and profile. */
export default function MainMenuPage() {
  const id = stored.id();
  // docs/product.md, "Who may do what" shows no route guard; without a session there is nobody to show, so sign in
  // first.
  if (!id || !stored.accessToken()) return <Navigate to="/login" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <MainMenuLayout id={id} />
    </QueryClientProvider>
  );
}
