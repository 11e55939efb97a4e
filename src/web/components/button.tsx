import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'default' | 'small';
}

/** The one button: primary (accent), secondary (outlined) or ghost. */
export function Button({ variant = 'secondary', size = 'default', className, type = 'button', ...rest }: ButtonProps) {
  const classes = [styles.button, variant === 'primary' && styles.primary, variant === 'ghost' && styles.ghost, size === 'small' && styles.small, className]
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...rest} />;
}

