// ESLint rule `hearth-i18n/placeholder-names`: every placeholder of a Lingui message keeps a name.
//
// Lingui 6's macro (@lingui/babel-plugin-lingui-macro, `expressionToArgument`) names a placeholder
// after its expression only when that expression is a plain identifier (`as`, `!` and `satisfies`
// around it are looked through); a labelled `{ name: expr }` or `ph({ name: expr })` takes the
// label. Anything else — a member expression (`schedule.steps.length`), a call, arithmetic — is
// named by its position (`{0}`), so a translator sees `{0, plural, …}` and a catalog written with
// a name no longer matches. eslint-plugin-lingui's `no-expression-in-message` checks only the
// templates of `t`, `msg` and `defineMessage` under those very names and `<Trans>` children: not
// the `value` of `<Plural>`/`<Select>`/`<SelectOrdinal>`, not the first argument of
// `plural`/`select`/`selectOrdinal`, not their options, and not `t` imported under another name
// (`t as tGlobal`). This rule checks those, finding the macros by their imports.

const MACRO_SOURCES = new Set(['@lingui/core/macro', '@lingui/react/macro']);
const CHOICE_CALLS = new Set(['plural', 'select', 'selectOrdinal']);
const CHOICE_COMPONENTS = new Set(['Plural', 'Select', 'SelectOrdinal']);
const MESSAGE_TAGS = new Set(['t', 'msg', 'defineMessage']);
/** Attributes of a choice component that are not message text. */
const NOT_TEXT_ATTRIBUTES = new Set(['value', 'offset', 'id', 'comment', 'context', 'render']);
const TS_WRAPPERS = new Set(['TSAsExpression', 'TSNonNullExpression', 'TSSatisfiesExpression']);

/** The variable `name` refers to at `node`, looking outward from its scope. */
function findVariable(sourceCode, node, name) {
  for (let scope = sourceCode.getScope(node); scope; scope = scope.upper) {
    const variable = scope.set.get(name);
    if (variable) return variable;
  }
  return undefined;
}

/** Which Lingui macro `name` is at `node` (`t`, `plural`, `Plural`, …), or undefined. */
function macroName(sourceCode, node, name) {
  const definition = findVariable(sourceCode, node, name)?.defs[0];
  if (!definition) return undefined;
  if (definition.type === 'ImportBinding') {
    const declaration = definition.parent;
    const specifier = definition.node;
    if (!MACRO_SOURCES.has(declaration.source.value)) return undefined;
    if (specifier.type !== 'ImportSpecifier') return undefined;
    return specifier.imported.type === 'Identifier'
      ? specifier.imported.name
      : specifier.imported.value;
  }
  // `const { t } = useLingui()` (or `{ t: translate }`): that `t` is the macro too.
  const declarator = definition.node;
  if (
    definition.type === 'Variable' &&
    declarator.id.type === 'ObjectPattern' &&
    declarator.init?.type === 'CallExpression' &&
    declarator.init.callee.type === 'Identifier' &&
    macroName(sourceCode, declarator.init, declarator.init.callee.name) === 'useLingui'
  ) {
    const property = declarator.id.properties.find(
      (p) => p.type === 'Property' && p.value === definition.name,
    );
    if (property?.key.type === 'Identifier') return property.key.name;
  }
  return undefined;
}

const unwrap = (node) => (TS_WRAPPERS.has(node.type) ? unwrap(node.expression) : node);

/** Whether eslint-plugin-lingui's no-expression-in-message already checks this template. */
function templateCheckedByLinguiPlugin(node) {
  for (let at = node.parent; at; at = at.parent) {
    const tag =
      at.type === 'TaggedTemplateExpression'
        ? at.tag
        : at.type === 'CallExpression'
          ? at.callee
          : undefined;
    if (tag?.type === 'Identifier' && MESSAGE_TAGS.has(tag.name)) return true;
  }
  return false;
}

/** Whether that rule already checks this JSX child: it looks at every child inside a <Trans>. */
function childCheckedByLinguiPlugin(node) {
  for (let at = node.parent; at; at = at.parent) {
    const name = at.type === 'JSXElement' ? at.openingElement.name : undefined;
    if (name?.type === 'JSXIdentifier' && name.name === 'Trans') return true;
  }
  return false;
}

export const placeholderNames = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'A Lingui placeholder (a choice value, a template expression) is a plain identifier, so it keeps its name in the catalog.',
    },
    messages: {
      positional:
        'Lingui names this placeholder by its position ({0}), not by a name: assign it to a named const first, so the placeholder keeps its name (src/lib/i18n/README.md).',
    },
    schema: [],
  },
  create(context) {
    const sourceCode = context.sourceCode;
    const isMacro = (node, names) =>
      node.type === 'Identifier' && names.has(macroName(sourceCode, node, node.name));
    const isChoiceCall = (node) =>
      node.type === 'CallExpression' && isMacro(node.callee, CHOICE_CALLS);

    /** A placeholder's expression: named only if it is an identifier (or labelled). */
    function checkPlaceholder(expression) {
      const node = unwrap(expression);
      if (node.type === 'Identifier') return;
      if (node.type === 'ObjectExpression' && node.properties.length === 1) return;
      if (
        node.type === 'CallExpression' &&
        node.callee.type === 'Identifier' &&
        macroName(sourceCode, node, node.callee.name) === 'ph'
      )
        return;
      // A nested choice (`${plural(n, …)}`) is a message part, checked on its own visit.
      if (isChoiceCall(node)) return;
      context.report({ node: expression, messageId: 'positional' });
    }

    function checkTemplate(template) {
      if (templateCheckedByLinguiPlugin(template)) return;
      template.expressions.forEach(checkPlaceholder);
    }

    /** An option of a choice (`one`, `other`, `_0`…): its text's placeholders. */
    function checkOption(node) {
      const value = unwrap(node);
      if (value.type === 'Literal') return;
      if (value.type === 'TemplateLiteral') return checkTemplate(value);
      // A nested message (`one: tGlobal`…``) is a part of this one, checked on its own visit.
      if (value.type === 'TaggedTemplateExpression' && isMacro(value.tag, MESSAGE_TAGS)) return;
      if (value.type === 'JSXElement' || value.type === 'JSXFragment') {
        for (const child of value.children) {
          if (child.type === 'JSXExpressionContainer') {
            const expression = child.expression;
            if (expression.type !== 'JSXEmptyExpression' && !childCheckedByLinguiPlugin(child))
              checkOption(expression);
          } else if (child.type === 'JSXElement' || child.type === 'JSXFragment') {
            checkOption(child);
          }
        }
        return;
      }
      checkPlaceholder(node);
    }

    return {
      CallExpression(node) {
        // `tGlobal({ message: `…`, comment })`: the call form of a message macro.
        if (isMacro(node.callee, MESSAGE_TAGS) && node.arguments[0]?.type === 'ObjectExpression') {
          const message = node.arguments[0].properties.find(
            (p) => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'message',
          );
          if (message?.value.type === 'TemplateLiteral') checkTemplate(message.value);
          return;
        }
        if (!isChoiceCall(node)) return;
        const [value, options] = node.arguments;
        if (value) checkPlaceholder(value);
        if (options?.type !== 'ObjectExpression') return;
        for (const property of options.properties) {
          if (property.type === 'Property' && property.key.name !== 'offset') {
            checkOption(property.value);
          }
        }
      },
      TaggedTemplateExpression(node) {
        if (isMacro(node.tag, MESSAGE_TAGS)) checkTemplate(node.quasi);
      },
      JSXOpeningElement(node) {
        if (node.name.type !== 'JSXIdentifier') return;
        const name = macroName(sourceCode, node, node.name.name);
        if (!CHOICE_COMPONENTS.has(name)) return;
        for (const attribute of node.attributes) {
          if (
            attribute.type !== 'JSXAttribute' ||
            attribute.value?.type !== 'JSXExpressionContainer'
          )
            continue;
          const expression = attribute.value.expression;
          if (expression.type === 'JSXEmptyExpression') continue;
          if (attribute.name.name === 'value') checkPlaceholder(expression);
          else if (!NOT_TEXT_ATTRIBUTES.has(attribute.name.name)) checkOption(expression);
        }
      },
    };
  },
};

/** The plugin eslint.config.js registers as `hearth-i18n`. */
export default { rules: { 'placeholder-names': placeholderNames } };
