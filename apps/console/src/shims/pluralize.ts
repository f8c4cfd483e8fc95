// refine's default text transformers make English plurals of resource names for titles and
// buttons it labels itself (`pluralize`, ~2.5 KB gz). The console's names are Chinese labels, which
// have no plural (pluralize would write 售后s): the same word either way.
const same = (word: string) => word;
export default { plural: same, singular: same };
