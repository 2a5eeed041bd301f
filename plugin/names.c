// SPDX-License-Identifier: GPL-2.0
/*
 * Names and places as the programmer wrote them: the expansion point of a
 * location, a function's name, a pointer's root as source text, a call's
 * text read back from the source file, the keyword a statement starts
 * with.  Leaf helpers for the output: no analysis here.
 */
#include "uaccess_check.h"

/* The expansion point in the programmer's file of a (virtual) location. */
location_t ua_user_location(location_t loc)
{
	return linemap_resolve_location(line_table, loc,
					LRK_MACRO_EXPANSION_POINT, NULL);
}

/* Source order: file, line, column (for "the first ... in source order"). */
int ua_compare_locations(location_t a, location_t b)
{
	expanded_location xa = expand_location(a);
	expanded_location xb = expand_location(b);
	int c = strcmp(xa.file ? xa.file : "", xb.file ? xb.file : "");

	if (c)
		return c;
	if (xa.line != xb.line)
		return xa.line < xb.line ? -1 : 1;
	return xa.column < xb.column ? -1 : xa.column > xb.column;
}

/* qsort() order of struct ua_access pointers: source order. */
int ua_compare_accesses(const void *a, const void *b)
{
	const struct ua_access *x = *(const struct ua_access *const *)a;
	const struct ua_access *y = *(const struct ua_access *const *)b;
	int c = ua_compare_locations(x->loc, y->loc);

	return c ? c : (x < y ? -1 : x > y);
}

const char *ua_fn_name(struct ua_fn *fn)
{
	return lang_hooks.decl_printable_name(fn->node->decl, 0);
}

/* Members of anonymous unions and structs read as the outer struct's. */
static tree strip_anonymous(tree t)
{
	while (TREE_CODE(t) == COMPONENT_REF && !DECL_NAME(TREE_OPERAND(t, 1)))
		t = TREE_OPERAND(t, 0);
	return t;
}

/* An unnamed pointer computed as base + run-time offset? */
static bool indexed(tree t)
{
	gimple *def;

	if (TREE_CODE(t) != SSA_NAME || SSA_NAME_VAR(t))
		return false;
	def = SSA_NAME_DEF_STMT(t);
	return is_gimple_assign(def) &&
	       gimple_assign_rhs_code(def) == POINTER_PLUS_EXPR &&
	       TREE_CODE(gimple_assign_rhs2(def)) != INTEGER_CST;
}

/* A constant as the programmer wrote it: a wrapped unsigned -1 is -1. */
static HOST_WIDE_INT signed_value(tree c)
{
	return wi::to_wide(c).to_shwi();
}

/*
 * An array index: a variable by its name, a constant, and x + c, x - c,
 * x * c; anything else is "...".
 */
static void print_index(pretty_printer *pp, tree t, int depth)
{
	gimple *def;
	enum tree_code code;
	tree c;

	if (TREE_CODE(t) == INTEGER_CST && tree_fits_shwi_p(t)) {
		pp_wide_integer(pp, tree_to_shwi(t));
		return;
	}
	if (TREE_CODE(t) != SSA_NAME || depth > 8) {
		pp_string(pp, "...");
		return;
	}
	if (SSA_NAME_VAR(t) && DECL_NAME(SSA_NAME_VAR(t)) &&
	    !DECL_ARTIFICIAL(SSA_NAME_VAR(t))) {
		pp_string(pp, IDENTIFIER_POINTER(DECL_NAME(SSA_NAME_VAR(t))));
		return;
	}
	def = SSA_NAME_DEF_STMT(t);
	if (!is_gimple_assign(def)) {
		pp_string(pp, "...");
		return;
	}
	code = gimple_assign_rhs_code(def);
	if (CONVERT_EXPR_CODE_P(code) || code == SSA_NAME) {
		print_index(pp, gimple_assign_rhs1(def), depth + 1);
		return;
	}
	c = gimple_num_ops(def) > 2 ? gimple_assign_rhs2(def) : NULL_TREE;
	if ((code != PLUS_EXPR && code != MINUS_EXPR && code != MULT_EXPR) ||
	    !c || TREE_CODE(c) != INTEGER_CST) {
		pp_string(pp, "...");
		return;
	}
	print_index(pp, gimple_assign_rhs1(def), depth + 1);
	if (code == MULT_EXPR) {
		pp_string(pp, " * ");
		pp_wide_integer(pp, signed_value(c));
	} else if ((code == PLUS_EXPR) == (signed_value(c) < 0)) {
		pp_string(pp, " - ");
		pp_wide_integer(pp, absu_hwi(signed_value(c)));
	} else {
		pp_string(pp, " + ");
		pp_wide_integer(pp, absu_hwi(signed_value(c)));
	}
}

/* A variable a macro declared (__gu_val, _tmpsrc): no reader wrote it. */
static bool macro_temporary(tree var)
{
	return linemap_location_from_macro_expansion_p(line_table,
						       DECL_SOURCE_LOCATION(var));
}

bool ua_named_by_programmer(tree t)
{
	tree var = SSA_NAME_VAR(t);

	return var && DECL_NAME(var) && !DECL_ARTIFICIAL(var) &&
	       !macro_temporary(var);
}

/* Print an SSA name as the variable the programmer wrote. */
static void print_source(pretty_printer *pp, tree t)
{
	if (TREE_CODE(t) == SSA_NAME && ua_named_by_programmer(t)) {
		pp_string(pp, IDENTIFIER_POINTER(DECL_NAME(SSA_NAME_VAR(t))));
		return;
	}
	if (TREE_CODE(t) == SSA_NAME) {
		gimple *def = SSA_NAME_DEF_STMT(t);

		if (is_gimple_assign(def) &&
		    (gimple_assign_rhs_code(def) == SSA_NAME ||
		     CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def)) ||
		     ua_is_load(def))) {
			print_source(pp, gimple_assign_rhs1(def));
			return;
		}
		/* a masked begin's result: the pointer it masked */
		if (is_gimple_call(def) && gimple_call_num_args(def) &&
		    ua_is_primitive_body(gimple_call_fndecl(def))) {
			print_source(pp, gimple_call_arg(def, 0));
			return;
		}
		if (is_gimple_call(def) && gimple_call_fndecl(def)) {
			pp_string(pp, lang_hooks.decl_printable_name(
					      gimple_call_fndecl(def), 0));
			pp_string(pp, "()");
			return;
		}
		pp_string(pp, "the pointer");
		return;
	}
	if (TREE_CODE(t) == COMPONENT_REF) {
		tree base = strip_anonymous(TREE_OPERAND(t, 0));

		if (!DECL_NAME(TREE_OPERAND(t, 1))) {
			print_source(pp, base);
			return;
		}
		if (TREE_CODE(base) == MEM_REF &&
		    integer_zerop(TREE_OPERAND(base, 1)) &&
		    indexed(TREE_OPERAND(base, 0))) {
			/* p + i * size, then ->member: p[...].member */
			print_source(pp, gimple_assign_rhs1(
				     SSA_NAME_DEF_STMT(TREE_OPERAND(base, 0))));
			pp_string(pp, "[...].");
		} else if (TREE_CODE(base) == MEM_REF &&
			   integer_zerop(TREE_OPERAND(base, 1))) {
			print_source(pp, TREE_OPERAND(base, 0));
			pp_string(pp, "->");
		} else {
			print_source(pp, base);
			pp_string(pp, ".");
		}
		print_source(pp, TREE_OPERAND(t, 1));
		return;
	}
	if (TREE_CODE(t) == ARRAY_REF) {
		tree idx = TREE_OPERAND(t, 1);

		print_source(pp, TREE_OPERAND(t, 0));
		pp_string(pp, "[");
		print_index(pp, idx, 0);
		pp_string(pp, "]");
		return;
	}
	if (TREE_CODE(t) == MEM_REF && integer_zerop(TREE_OPERAND(t, 1))) {
		pp_string(pp, "*");
		print_source(pp, TREE_OPERAND(t, 0));
		return;
	}
	if (DECL_P(t) && DECL_NAME(t)) {
		pp_string(pp, IDENTIFIER_POINTER(DECL_NAME(t)));
		return;
	}
	pp_string(pp, "the pointer");
}

/*
 * A root a macro declared (the register unsafe_get_user() reads into)
 * is named by the programmer's variable the walk passed nearest to it.
 */
static tree written_root(const struct ua_ref *ref)
{
	tree base = ref->root;

	if (TREE_CODE(base) == SSA_NAME)
		base = SSA_NAME_VAR(base);
	else
		base = get_base_address(base);
	if (ref->named && base && DECL_P(base) && macro_temporary(base))
		return ref->named;
	return ref->root;
}

/* @t as the programmer would write it, into @buf. */
static const char *text_into(char *buf, size_t size, tree t)
{
	pretty_printer pp;

	print_source(&pp, t);
	snprintf(buf, size, "%s", pp_formatted_text(&pp));
	return buf;
}

/* The root as the programmer would name it; valid until the next call. */
const char *ua_root_text(const struct ua_ref *ref)
{
	static char buf[256];

	return text_into(buf, sizeof(buf), written_root(ref));
}

/*
 * The pointer as the programmer wrote it at the use ('dirent', 'uc_sig'):
 * the variable the walk to the root passed first, else the root.
 */
const char *ua_pointer_text(const struct ua_ref *ref)
{
	static char buf[256];

	return text_into(buf, sizeof(buf), ref->written ? ref->written : written_root(ref));
}

/* The value a check and an access share (coverage.c, same_value()). */
const char *ua_near_text(const struct ua_ref *ref)
{
	static char buf[256];

	return text_into(buf, sizeof(buf), ref->near);
}

/*
 * Where the written pointer came from, when that helps a reader: the
 * memory it was read from, unchanged (" (= regs->dar)"), never a value
 * it was computed from; "" otherwise.  Its own buffers: it goes beside
 * ua_pointer_text() in one call.
 */
const char *ua_root_note(const struct ua_ref *ref)
{
	static char buf[300];
	char written[256], root[256];

	if (ref->kind != ROOT_LOAD || !ref->written_is_root || !ref->written)
		return "";
	text_into(written, sizeof(written), ref->written);
	text_into(root, sizeof(root), written_root(ref));
	if (!strcmp(written, root))
		return "";
	snprintf(buf, sizeof(buf), " (= %s)", root);
	return buf;
}

/*
 * GCC locates a return at its value; a reader looks for the keyword.
 * Find @word on the line before @loc's column and locate it there.
 */
location_t ua_keyword_before(location_t loc, const char *word)
{
	expanded_location x = expand_location(loc);
	const line_map *map = linemap_lookup(line_table, loc);
	size_t len = strlen(word);
	char_span line(NULL, 0);
	int col;

	if (!x.file || !map || linemap_macro_expansion_map_p(map))
		return loc;
	line = location_get_source_line(x.file, x.line);
	if (!line)
		return loc;
	for (col = MIN(x.column - 1, (int)line.length()) - (int)len; col >= 0;
	     col--)
		if (!strncmp(line.get_buffer() + col, word, len))
			return linemap_position_for_line_and_column(
				line_table, linemap_check_ordinary(map),
				x.line, col + 1);
	return loc;
}

/*
 * Does the source line of @loc call @name at or after its column?  A
 * condition's location is its "if": what the test was written as is
 * only in the text ("if (is_kernel_addr(ea))").
 */
bool ua_line_calls(location_t loc, const char *name)
{
	expanded_location x = expand_location(ua_user_location(loc));
	size_t len = strlen(name);
	char_span line(NULL, 0);
	int col;

	if (!x.file)
		return false;
	line = location_get_source_line(x.file, x.line);
	if (!line)
		return false;
	for (col = MAX(x.column - 1, 0); col + (int)len < (int)line.length(); col++)
		if (!strncmp(line.get_buffer() + col, name, len) &&
		    line.get_buffer()[col + len] == '(')
			return true;
	return false;
}

static bool ident_char(char c)
{
	return ISIDNUM(c);
}

/*
 * Is @word what is written at @loc, as a whole identifier, or as the
 * whole initialiser of the variable declared there ("tasksize =
 * TASK_SIZE;")?  A macro whose value GCC folded to a constant leaves only
 * its place in the source (powerpc's TASK_SIZE without CONFIG_COMPAT).
 */
bool ua_word_at(location_t loc, const char *word)
{
	expanded_location x = expand_location(ua_user_location(loc));
	size_t len = strlen(word), n, i;
	char_span line(NULL, 0);
	const char *p;

	if (!x.file || x.column < 1)
		return false;
	line = location_get_source_line(x.file, x.line);
	if (!line || (size_t)x.column > line.length())
		return false;
	p = line.get_buffer();
	n = line.length();
	i = x.column - 1;
	if (i + len <= n && !strncmp(p + i, word, len) &&
	    (i + len == n || !ident_char(p[i + len])))
		return true;
	while (i < n && ident_char(p[i]))
		i++;
	while (i < n && ISSPACE(p[i]))
		i++;
	if (i >= n || p[i++] != '=')
		return false;
	while (i < n && ISSPACE(p[i]))
		i++;
	if (i + len > n || strncmp(p + i, word, len))
		return false;
	for (i += len; i < n && ISSPACE(p[i]); i++)
		;
	return i < n && (p[i] == ';' || p[i] == ',');
}

static bool last_is_space(struct obstack *ob)
{
	return obstack_object_size(ob) &&
	       ((char *)obstack_next_free(ob))[-1] == ' ';
}

/*
 * The call written at @loc, as text: "access_ok(events, n * size)".
 * Follows the parentheses over up to eight lines.  Caller frees.
 */
char *ua_source_call(location_t loc)
{
	expanded_location x = expand_location(ua_user_location(loc));
	struct obstack ob;
	int depth = 0, line, col = x.column - 1;
	bool done = false;
	char *text;

	if (!x.file)
		return xstrdup("?");
	gcc_obstack_init(&ob);
	for (line = x.line; line < x.line + 8 && !done; line++, col = 0) {
		char_span span = location_get_source_line(x.file, line);
		size_t i;

		if (!span)
			break;
		for (i = col; i < span.length() && !done; i++) {
			char c = span.get_buffer()[i] == '\t' ? ' ' :
				 span.get_buffer()[i];

			if (c == ' ' && last_is_space(&ob))
				continue;
			obstack_1grow(&ob, c);
			if (c == '(')
				depth++;
			else if (c == ')' && --depth == 0)
				done = true;
		}
		/* a name with no call after it on its line is all there is */
		if (!depth)
			done = true;
		else if (!last_is_space(&ob))
			obstack_1grow(&ob, ' ');
	}
	obstack_1grow(&ob, 0);
	text = xstrdup((char *)obstack_finish(&ob));
	obstack_free(&ob, NULL);
	return text;
}


/*
 * The @n-th argument (from 0) of the call written at @loc, as text, or
 * NULL.  Caller frees.
 */
char *ua_call_arg_text(location_t loc, unsigned n)
{
	char *call = ua_source_call(loc), *p = strchr(call, '('), *start;
	char *arg = NULL;
	int depth = 0;
	unsigned i = 0;

	for (start = p ? ++p : NULL; p && *p; p++) {
		if (*p == '(' || *p == '[' || *p == '{') {
			depth++;
		} else if (*p == ')' || *p == ']' || *p == '}') {
			if (depth-- == 0)
				break;
		} else if (*p == ',' && !depth) {
			if (i == n)
				break;
			i++;
			start = p + 1;
		}
	}
	if (p && *p && i == n) {
		while (*start == ' ')
			start++;
		while (p > start && p[-1] == ' ')
			p--;
		arg = xstrndup(start, p - start);
	}
	free(call);
	return arg;
}
