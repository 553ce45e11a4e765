import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useId, type MouseEventHandler, type ReactNode, type Ref } from 'react';
import { useProfileKnown } from '../api/userinfo.ts';
import { t } from '../i18n/i18n.ts';
import type { Verdict } from '../lib/permissions.ts';

export interface GuardedButtonProps extends ButtonProps {
  verdict: Verdict;
  onClick?: MouseEventHandler<HTMLButtonElement>;
  type?: 'button' | 'submit';
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button the caller may lack the permission for. Refused, it stays focusable (so a keyboard user
 * can reach it and hear why), is marked aria-disabled, and says the reason in a tooltip. While the
 * caller's profile is on its way it is only loading: the role is not known yet, so no refusal is
 * said (issue 22: the Nodes page said "your role does not allow commissioning nodes" to everyone
 * for its first moment).
 */
export function GuardedButton({
  verdict,
  onClick,
  type = 'button',
  children,
  ...props
}: GuardedButtonProps) {
  const reasonId = useId();
  const profileKnown = useProfileKnown();
  if (!verdict.allowed && !profileKnown) {
    return (
      <Button type="button" {...props} loading>
        {children}
      </Button>
    );
  }
  if (verdict.allowed) {
    return (
      <Button type={type} onClick={onClick} {...props}>
        {children}
      </Button>
    );
  }
  const reason = t('permission.notAllowed', { reason: verdict.reason });
  // The person's words first; the permission's technical name beneath, for support.
  const label = (
    <>
      <div>{reason}</div>
      <div style={{ opacity: 0.75, fontSize: '0.85em' }}>
        {t('permission.technical', { technical: verdict.technical })}
      </div>
    </>
  );
  return (
    <>
      <Tooltip
        label={label}
        multiline
        maw={320}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          type="button"
          data-disabled
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
          {...props}
          loading={false}
        >
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
    </>
  );
}
