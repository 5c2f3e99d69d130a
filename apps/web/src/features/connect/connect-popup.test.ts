import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConnectPopup, POPUP_NAME, popupFeatures, safeHttpUrl } from './connect-popup';

afterEach(() => vi.restoreAllMocks());

describe('the connect pop-up', () => {
  it('is 600x600 and centred over the browser window', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 })).toBe(
      'popup=yes,width=600,height=600,left=500,top=200',
    );
    // A window smaller than the pop-up never pushes it off the top-left of the screen.
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 390, outerHeight: 500 })).toBe(
      'popup=yes,width=600,height=600,left=0,top=0',
    );
  });

  it('opens a blank named window and reports a blocked one as null', () => {
    const open = vi.spyOn(window, 'open').mockReturnValueOnce(null);
    expect(openConnectPopup()).toBeNull();
    expect(open).toHaveBeenCalledWith('', POPUP_NAME, expect.stringContaining('width=600,height=600'));
  });

  it('only lets an http(s) address become the pop-up page', () => {
    expect(safeHttpUrl('https://connect.stripe.com/oauth/authorize?state=s')).toBe(
      'https://connect.stripe.com/oauth/authorize?state=s',
    );
    expect(safeHttpUrl('/sandbox/square/oauth2/authorize')).toBe(
      `${window.location.origin}/sandbox/square/oauth2/authorize`,
    );
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,hi')).toBeNull();
  });
});
