// SPDX-License-Identifier: GPL-2.0
/*
 * Names as the programmer wrote them, for the output: a function's name,
 * a pointer's root and the pointer at its use as source text (through the
 * variables the programmer named), the order accessors are reported in.
 */
#include "uaccess_check.h"

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
	if (ref->named && base && DECL_P(base) && ua_macro_temporary(base))
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
