import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InfoNote } from './InfoNote';

describe('InfoNote', () => {
  it('is a note with its text, its icon hidden from assistive technology', () => {
    render(<InfoNote>The demo account can look around, but its settings cannot be changed.</InfoNote>);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('The demo account can look around, but its settings cannot be changed.');
    expect(note.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
