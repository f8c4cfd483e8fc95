// The ALTCHA widget (a web component with its proof-of-work workers) and its Chinese texts. Only
// the flash purchase page imports this, dynamically: it stays out of the entry and the home chunk.
import 'altcha';
import 'altcha/i18n/zh-cn';
