import { createContext, useContext } from 'react';

/**
 * True once the signed-in page has drawn its first answers and the browser has been idle since (MainMenuLayout): the
 * moment for what the page shows below them or on demand (the assistant's panel, the drawer, the sign-out dialog),
 * whose code would otherwise be fetched while the page's figures are still coming. True outside the shell.
 */
export const AfterFirstAnswers = createContext(true);

export const useAfterFirstAnswers = () => useContext(AfterFirstAnswers);
