// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 1 helper: access_ok() written by hand.  A test that refuses an
 * address at or above the top of user space (TASK_SIZE, TASK_SIZE_MAX,
 * USER_PTR_MAX) validates the bytes it bounds: rseq checks the abort
 * address a user gave it with "if (abort_ip >= tasksize || abort_ip <
 * sizeof(*uc_sig)) goto die;" and then reads the four bytes below it.
 *
 * The edge on which the test passed is where the address is a user one.
 * Bytes a little above the bound are safe as above a masked pointer: the
 * top of user space is followed by a guard hole that faults (x86-64 keeps
 * the last page below the canonical boundary unmapped).  Bytes below the
 * address count only when the same test also refuses addresses too small
 * to reach them ("abort_ip < 4"), so the subtraction cannot wrap into the
 * kernel's half.  The two halves are one condition: an "||" GCC turns
 * into one bit-or, or into two ifs in a row.  The address is compared
 * unsigned and as wide as a pointer (a signed test lets kernel addresses
 * through), offsets within the guard of it.
 */
#include "uaccess_check.h"

/* The macros the top of user space is written with, per architecture. */
static const char *const user_top_macros[] = {
	"TASK_SIZE", "TASK_SIZE_MAX", "TASK_SIZE_OF", "USER_PTR_MAX",
	"TASK_SIZE_64", "DEFAULT_MAP_WINDOW",
};

#define UA_BOUND_DEPTH 6

/*
 * An address compared as what it is: unsigned and as wide as a pointer.
 * Signed, a kernel address is negative and passes "< TASK_SIZE"; narrower,
 * the top of user space is truncated.
 */
static bool address_width(tree t)
{
	tree type = TREE_TYPE(t);

	return (INTEGRAL_TYPE_P(type) || POINTER_TYPE_P(type)) &&
	       TYPE_UNSIGNED(type) &&
	       TYPE_PRECISION(type) >= TYPE_PRECISION(ptr_type_node);
}

static bool in_user_top_macro(location_t loc)
{
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(user_top_macros); i++)
		if (ua_written_in_macro(loc, user_top_macros[i]) ||
		    ua_word_at(loc, user_top_macros[i]))
			return true;
	return false;
}

/*
 * Is @t the top of user space?  TASK_SIZE is a conditional on the task's
 * word size on every architecture: a PHI of the two, each computed in the
 * macro's expansion (or a constant for the compat one).
 */
static bool is_user_top(tree t, int depth)
{
	gimple *def;
	unsigned i;

	if (TREE_CODE(t) != SSA_NAME || depth > UA_BOUND_DEPTH ||
	    !address_width(t))
		return false;
	def = SSA_NAME_DEF_STMT(t);
	if (gimple_code(def) == GIMPLE_PHI) {
		bool some = false;

		for (i = 0; i < gimple_phi_num_args(def); i++) {
			tree a = gimple_phi_arg_def(def, i);

			if (TREE_CODE(a) == INTEGER_CST)
				continue;
			if (!is_user_top(a, depth + 1))
				return false;
			some = true;
		}
		return some;
	}
	if (in_user_top_macro(gimple_location(def)))
		return true;
	if (is_gimple_assign(def) &&
	    (gimple_assign_rhs_code(def) == SSA_NAME ||
	     CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(def))))
		return is_user_top(gimple_assign_rhs1(def), depth + 1);
	return false;
}

/* What one condition says of its address: the bounds it refuses beyond. */
struct refusal {
	tree addr;		/* the address tested against the top */
	bool top;		/* refused at or above the top */
	bool low_known;
	HOST_WIDE_INT low;	/* refused below this */
};

static void refuses_low(struct refusal *r, tree x, enum tree_code code,
			tree c)
{
	HOST_WIDE_INT v;

	if (TREE_CODE(c) != INTEGER_CST || !tree_fits_shwi_p(c) ||
	    (code != LE_EXPR && code != LT_EXPR) || !address_width(x) ||
	    tree_to_shwi(c) < 0 || tree_to_shwi(c) >= UA_MASK_GUARD)
		return;
	v = tree_to_shwi(c) + (code == LE_EXPR);
	if (r->addr && r->addr != x)
		return;
	r->addr = x;
	r->low_known = true;
	r->low = v;
}

/* One comparison "a code b", true when the address is refused. */
static void comparison(struct refusal *r, tree a, enum tree_code code, tree b)
{
	if (TREE_CODE(a) != SSA_NAME ||
	    ((code == LE_EXPR || code == LT_EXPR) && is_user_top(a, 0))) {
		std::swap(a, b);
		code = swap_tree_comparison(code);
	}
	if (TREE_CODE(a) != SSA_NAME || !address_width(a))
		return;
	if ((code == GE_EXPR || code == GT_EXPR) && is_user_top(b, 0)) {
		if (r->addr && r->addr != a)
			return;
		r->addr = a;
		r->top = true;
		return;
	}
	refuses_low(r, a, code, b);
}

/*
 * Walk the refusing condition @t: comparisons, or-ed together, seen
 * through conversions and __builtin_expect().
 */
static void refused_when(struct refusal *r, tree t, int depth)
{
	gimple *def;

	if (TREE_CODE(t) != SSA_NAME || depth > UA_BOUND_DEPTH)
		return;
	def = SSA_NAME_DEF_STMT(t);
	if (gimple_call_builtin_p(def, BUILT_IN_EXPECT)) {
		refused_when(r, gimple_call_arg(def, 0), depth + 1);
		return;
	}
	if (!is_gimple_assign(def))
		return;
	switch (gimple_assign_rhs_code(def)) {
	case BIT_IOR_EXPR:
	case TRUTH_OR_EXPR:
		refused_when(r, gimple_assign_rhs1(def), depth + 1);
		refused_when(r, gimple_assign_rhs2(def), depth + 1);
		return;
	case SSA_NAME:
	CASE_CONVERT:
		refused_when(r, gimple_assign_rhs1(def), depth + 1);
		return;
	default:
		if (TREE_CODE_CLASS(gimple_assign_rhs_code(def)) == tcc_comparison)
			comparison(r, gimple_assign_rhs1(def),
				   gimple_assign_rhs_code(def),
				   gimple_assign_rhs2(def));
		return;
	}
}

/*
 * What condition @c refuses, into @r; returns the value of the condition
 * that refuses (true for "if (a >= top) goto fail").
 */
static bool refusal_of(gcond *c, struct refusal *r)
{
	enum tree_code code = gimple_cond_code(c);
	tree lhs = gimple_cond_lhs(c), rhs = gimple_cond_rhs(c);

	if ((code == NE_EXPR || code == EQ_EXPR) && integer_zerop(rhs)) {
		refused_when(r, lhs, 0);
		return code == NE_EXPR;
	}
	if (TREE_CODE_CLASS(code) == tcc_comparison)
		comparison(r, lhs, code, rhs);
	return true;
}

/*
 * "a >= top || a < 4" as two conditions (GCC splits an unlikely "||"
 * when each half has its own expectation, or the code is two ifs): the
 * second, reached only by the first's edge @pass, refuses small addresses.
 * Returns the edge on which both passed, with the low bound in @r, or
 * @pass.
 */
static edge low_half(edge pass, struct refusal *r)
{
	basic_block bb = pass->dest;
	gcond *c = ua_block_cond(bb);
	struct refusal low;
	bool refused_value;

	if (!single_pred_p(bb) || !c)
		return pass;
	memset(&low, 0, sizeof(low));
	low.addr = r->addr;
	refused_value = refusal_of(c, &low);
	if (!low.low_known || low.top)
		return pass;
	r->low_known = true;
	r->low = low.low;
	return ua_edge_when(bb, !refused_value);
}

/*
 * The edge of condition @c on which it has refused every address at or
 * above the top of user space and the bytes @first..@last of the
 * address (from @ref's root, @ref being the use) lie in user space; or
 * NULL.  @guard bytes above the top fault.
 */
edge ua_bound_edge(gcond *c, const struct ua_ref *ref, HOST_WIDE_INT size,
		   HOST_WIDE_INT guard)
{
	struct refusal r;
	bool refused_value;
	struct ua_refs refs;
	HOST_WIDE_INT from;
	edge pass;

	if (!ref->off_known || size < 0)
		return NULL;
	memset(&r, 0, sizeof(r));
	refused_value = refusal_of(c, &r);
	if (!r.top)
		return NULL;
	pass = ua_edge_when(gimple_bb(c), !refused_value);
	if (!r.low_known)
		pass = low_half(pass, &r);
	ua_resolve(r.addr, &refs);
	if (refs.overflow || refs.n != 1 || !refs.ref[0].off_known ||
	    !ua_same_root(&refs.ref[0], ref))
		return NULL;
	/* the access's bytes, from the address tested, near it (no overflow) */
	from = ref->off - refs.ref[0].off;
	if (ref->off < -guard || ref->off > guard || refs.ref[0].off < -guard ||
	    refs.ref[0].off > guard || size > guard || from + size > guard)
		return NULL;
	if (from < 0 && !(r.low_known && r.low + from >= 0))
		return NULL;
	return pass;
}
