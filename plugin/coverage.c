// SPDX-License-Identifier: GPL-2.0
/*
 * Coverage: is the memory an access touches validated by a check of the
 * same pointer that dominates it, for every byte it touches?
 *
 * The checks of the access's own function are tried first.  A pointer
 * that arrives as a parameter with no check of it in the function is
 * handed to the call-chain search (callers.c), which asks the same
 * question at each call site with the offsets added up.
 */
#include "uaccess_check.h"
#include "verdict.h"

static bool checks_pointer(const struct ua_prim *p)
{
	return p->kind == PRIM_ACCESS_OK || p->kind == PRIM_BEGIN ||
	       p->kind == PRIM_MASK || p->kind == PRIM_HELPER;
}

/* The pointers a check validates, as roots. */
static void check_refs(const struct ua_prim *p, struct ua_refs *out)
{
	tree lhs = gimple_call_lhs(p->stmt);

	if (p->kind == PRIM_MASK) {
		memset(out, 0, sizeof(*out));
		if (!lhs)
			return;
		out->n = 1;
		out->ref[0].kind = ROOT_VALUE;
		out->ref[0].root = lhs;
		out->ref[0].off_known = true;
		return;
	}
	if (p->kind == PRIM_HELPER) {
		ua_resolve(gimple_call_arg(p->stmt, p->helper->check_param), out);
		return;
	}
	if (gimple_call_num_args(p->stmt) < 1) {
		memset(out, 0, sizeof(*out));
		return;
	}
	ua_resolve(gimple_call_arg(p->stmt, 0), out);
}

/* The length a check validates, in its own function's terms. */
tree ua_check_length(const struct ua_prim *p)
{
	if (p->kind == PRIM_HELPER)
		return gimple_call_arg(p->helper->check_prim->stmt, 1);
	if (p->kind == PRIM_MASK || gimple_call_num_args(p->stmt) < 2)
		return NULL_TREE;
	return gimple_call_arg(p->stmt, 1);
}

static const struct ua_ref *matching_ref(const struct ua_refs *refs,
					 const struct ua_ref *ref)
{
	unsigned i;

	for (i = 0; i < refs->n; i++)
		if (ua_same_root(&refs->ref[i], ref))
			return &refs->ref[i];
	return NULL;
}

/* How well does check @p, on the same root as @ref, cover the access? */
static enum ua_class measure(const struct ua_prim *p, const struct ua_ref *cref,
			     const struct ua_ref *ref, HOST_WIDE_INT size,
			     struct ua_cover *out)
{
	tree len;
	HOST_WIDE_INT n;

	if (p->kind == PRIM_MASK)
		return UA_PROVEN;
	len = ua_check_length(p);
	if (!len || TREE_CODE(len) != INTEGER_CST || !tree_fits_shwi_p(len) ||
	    !cref->off_known || !ref->off_known || size < 0)
		return UA_UNPROVEN;
	n = tree_to_shwi(len);
	if (ref->off >= cref->off && ref->off + size <= cref->off + n)
		return UA_PROVEN;
	out->first = ref->off - cref->off;
	out->last = ref->off - cref->off + size - 1;
	out->checked = n;
	return UA_RANGE;
}

static void consider(const struct ua_prim *p, struct ua_fn *fn,
		     basic_block bb, gimple *stmt, const struct ua_ref *ref,
		     HOST_WIDE_INT size, struct ua_cover *best)
{
	struct ua_refs crefs;
	const struct ua_ref *cref;
	struct ua_cover c;
	bool dom;

	check_refs(p, &crefs);
	cref = matching_ref(&crefs, ref);
	dom = ua_prim_dominates(p, bb, stmt) ||
	      (ref->via && ua_prim_dominates(p, ref->via, NULL));
	if (!cref) {
		if (dom && !best->other)
			best->other = p;
		return;
	}
	if (!dom) {
		if (!best->stray)
			best->stray = p;
		return;
	}
	memset(&c, 0, sizeof(c));
	c.cls = measure(p, cref, ref, size, &c);
	c.check = p;
	c.check_fn = fn;
	if (!best->check || c.cls < best->cls) {
		c.other = best->other;
		c.stray = best->stray;
		*best = c;
	}
}

/*
 * Judge @ref, used at @stmt (in @bb) of @fn, for @size bytes.  The caller
 * has entered @fn.
 */
void ua_cover_at(struct ua_fn *fn, basic_block bb, gimple *stmt,
		 const struct ua_ref *ref, HOST_WIDE_INT size,
		 struct ua_access *acc, int depth, struct ua_cover *out)
{
	HOST_WIDE_INT coff;
	tree parm;
	unsigned i;

	memset(out, 0, sizeof(*out));
	out->ref = *ref;
	out->fn = fn;
	for (i = 0; i < fn->nprims; i++)
		if (checks_pointer(&fn->prims[i]))
			consider(&fn->prims[i], fn, bb, stmt, ref, size, out);
	if (out->check) {
		out->ref = *ref;
		out->fn = fn;
		return;
	}
	if (ref->kind == ROOT_PARM && !ua_is_syscall(fn)) {
		ua_cover_via_callers(fn, ref, size, acc, depth, out);
		return;
	}
	if (ua_load_cell(ref, &parm, &coff) && !ua_is_syscall(fn) &&
	    ua_cover_cell_via_callers(fn, parm, coff, ref, size, acc, depth,
				      out))
		return;
	out->cls = UA_UNCHECKED;
}
