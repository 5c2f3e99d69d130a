import { act, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated, useTypedBeforeHydration } from './prerendered-form';

function Form() {
  const [email, setEmail] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, { email: setEmail });
  const hydrated = useHydrated();
  return (
    <form ref={form}>
      <input aria-label="Email" name="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <button type={hydrated ? 'submit' : 'button'}>Login</button>
      <output>{email}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('a form rendered at build time', () => {
  it('has no submit button until hydrated, then keeps in state what was typed before', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    expect(container.querySelector('button')).toHaveAttribute('type', 'button');
    (container.querySelector('input') as HTMLInputElement).value = 'early@example.com';

    await act(async () => {
      root = hydrateRoot(container, <Form />);
    });

    expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('status')).toHaveTextContent('early@example.com');
    expect(screen.getByLabelText('Email')).toHaveValue('early@example.com');
  });

  it('is a plain form when the browser renders it itself', () => {
    render(<Form />);
    expect(screen.getByRole('button', { name: 'Login' })).toHaveAttribute('type', 'submit');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
