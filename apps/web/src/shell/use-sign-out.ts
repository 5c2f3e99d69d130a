import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../api/auth';
import { stored } from '../api/session';
import { queryClient } from './query-client';

/**
 * Tells the server, then ends the local session whatever it answered, and goes to /login (docs/product.md, "States and
 * transitions").
 */
export function useSignOut() {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const signOutNow = async () => {
    setSigningOut(true);
    try {
      await signOut({ refresh_token: stored.refreshToken() ?? '', access_token: stored.accessToken() ?? '' });
    } catch (error) {
      // The local session ends regardless; the server's session expires on its own.
      console.error('Sign-out call failed', error);
    }
    localStorage.clear();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
  return { signingOut, signOut: signOutNow };
}
