export { DateField, type DateFieldProps } from './date-field';
export { maskDutchDate } from './date-field-mask';
