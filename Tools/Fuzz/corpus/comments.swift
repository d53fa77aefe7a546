// line
/// doc
/* block /* nested */ still */
/** doc block */
/**/ let x = 1 /* trailing */
//// four
