// SPDX-License-Identifier: GPL-2.0
/*
 * Phase 3, queries: coverage.  Is the memory an access touches validated,
 * on every path to it, by a check of the same pointer, for every byte?
 *
 * The checks of the function that validate the same root are sorted by
 * how well they cover the access: proven, unproven, then range by the
 * bytes they check.  The verdict is the worst over the paths of the best
 * check on each (paths.c's ua_path_avoids: the first prefix of that order
 * that no path avoids), so two begins on branches that join cover what
 * follows.  A pointer advanced in a loop that only moves it up (the word
 * loops of unsafe_copy_to_user()) has a lower bound: starting past the
 * checked bytes, or before them, is a range error; starting inside is
 * unproven.  A path with no check at all makes a parameter's or a
 * caller's cell's check a question for the callers (callchain.c), and
 * anything else unchecked here.
 */
#include "uaccess_check.h"
#include "verdict.h"

/* The pointers a check validates, as roots. */
static void check_refs(const struct ua_prim *p, struct ua_refs *out)
{
	tree lhs = gimple_call_lhs(p->stmt);

	memset(out, 0, sizeof(*out));
	if (p->kind == PRIM_MASK) {
		if (!lhs)
			return;
		out->n = 1;
		out->ref[0].kind = ROOT_VALUE;
		out->ref[0].root = lhs;
		out->ref[0].off_known = true;
		return;
	}
	if (p->kind == PRIM_HELPER) {
		ua_resolve(gimple_call_arg(p->stmt, p->helper->sum.check_param),
			   out);
		return;
	}
	if (gimple_call_num_args(p->stmt) > p->ptr_arg)
		ua_resolve(gimple_call_arg(p->stmt, p->ptr_arg), out);
}

/* One length, through the conversions between its uses. */
static tree strip_length(tree t)
{
	while (t && TREE_CODE(t) == SSA_NAME && !SSA_NAME_IS_DEFAULT_DEF(t) &&
	       gimple_assign_cast_p(SSA_NAME_DEF_STMT(t)))
		t = gimple_assign_rhs1(SSA_NAME_DEF_STMT(t));
	return t;
}

/*
 * A check helper's length parameter as the call passed it (ok(p, 4) for
 * access_ok(p, n) in ok()); any other length as it is.
 */
static tree length_at_call(const struct ua_prim *p, tree len)
{
	tree decl = p->helper->node->decl, parm;
	int k;

	len = strip_length(len);
	if (TREE_CODE(len) != SSA_NAME || !SSA_NAME_IS_DEFAULT_DEF(len))
		return len;
	parm = SSA_NAME_VAR(len);
	if (!parm || TREE_CODE(parm) != PARM_DECL || DECL_CONTEXT(parm) != decl)
		return len;
	k = ua_parm_index(decl, parm);
	if (k < 0 || (unsigned)k >= gimple_call_num_args(p->stmt))
		return len;
	return gimple_call_arg(p->stmt, k);
}

/* The length a check validates, in the terms of the function that made it. */
tree ua_check_length(const struct ua_prim *p)
{
	const struct ua_prim *inner = ua_inner_check(p);
	tree len;

	if (inner->kind == PRIM_MASK ||
	    gimple_call_num_args(inner->stmt) <= inner->len_arg)
		return NULL_TREE;
	len = gimple_call_arg(inner->stmt, inner->len_arg);
	return p->kind == PRIM_HELPER ? length_at_call(p, len) : len;
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

/* A check of the same root, and how well it covers the access. */
struct candidate {
	const struct ua_prim *prim;
	enum ua_class cls;
	struct ua_ref cref;
	HOST_WIDE_INT first, last, checked, checked_at;
	gimple *anchor;		/* see masked_alias() */
	bool near;		/* offsets from ref.near: see same_value() */
};

/*
 * The pointers an accessor's asm statement touches memory through, as
 * roots, and the size it touches (-1: not known).  No pointer the plugin
 * can read is one unknown root: overflow.
 */
HOST_WIDE_INT ua_asm_refs(const struct ua_asm *x, struct ua_refs *out)
{
	if (x->obj) {
		ua_resolve_object(x->obj, x->stmt, out);
	} else if (x->ptr) {
		ua_resolve_at(x->ptr, x->stmt, out);
	} else {
		memset(out, 0, sizeof(*out));
		out->overflow = true;
	}
	return x->size;
}

/*
 * A check and an access whose offsets from their root are not known can
 * still be of one value: the accessor's own access_ok() at a run-time
 * offset (6.1 arm64's __put_user(x, dirent + reclen - 1): the check and
 * the store both go through the macro's __p).  The farthest SSA name of
 * both walks whose offset to its use is known is then the same, and the
 * offsets from it compare.
 */
static bool same_value(const struct ua_ref *check, const struct ua_ref *ref)
{
	return check->near && check->near == ref->near &&
	       (!check->off_known || !ref->off_known);
}

/*
 * A masked pointer is validated for no size: an access a little past it
 * faults in the guard hole above user space instead (x86-64's PAGE_SIZE,
 * the distance 7.x's scope documents for the first access).  So bytes
 * 0..UA_MASK_GUARD-1 of it count as checked (docs/diagnostics.md).
 */
/*
 * A family copy of a run-time length validated for that same length
 * (access_ok(p, n) ... __copy_from_user(k, p, n)), from the same place.
 */
static bool same_length(const struct candidate *c, const struct ua_ref *ref,
			tree len)
{
	tree checked;

	if (!len || c->prim->kind == PRIM_MASK || !c->cref.off_known ||
	    !ref->off_known || c->cref.off != ref->off)
		return false;
	checked = ua_check_length(c->prim);
	return checked && operand_equal_p(strip_length(checked),
					  strip_length(len), 0);
}

static void measure(struct candidate *c, const struct ua_ref *ref,
		    HOST_WIDE_INT size, tree runtime_len)
{
	tree len;
	HOST_WIDE_INT n;

	c->cls = UA_UNPROVEN;
	if (size < 0 && same_length(c, ref, runtime_len)) {
		c->cls = UA_PROVEN;
		return;
	}
	if (c->prim->kind == PRIM_MASK) {
		n = UA_MASK_GUARD;
	} else {
		len = ua_check_length(c->prim);
		if (!len || TREE_CODE(len) != INTEGER_CST ||
		    !tree_fits_shwi_p(len))
			return;
		n = tree_to_shwi(len);
	}
	if (size < 0)
		return;
	if (same_value(&c->cref, ref)) {
		/* from the one value both use, wherever it comes from */
		c->near = true;
		c->first = ref->near_off;
		c->last = c->first + size - 1;
		c->checked = n;
		c->checked_at = c->cref.near_off;
		c->cls = c->first >= c->checked_at &&
			 c->first + size <= c->checked_at + n ? UA_PROVEN : UA_RANGE;
		return;
	}
	if (!c->cref.off_known || !(ref->off_known || ref->lo_known))
		return;
	/* offsets from the root, as the messages give them */
	c->first = ref->off;
	c->last = ref->off_known ? c->first + size - 1 : UA_UNKNOWN_LAST;
	c->checked = n;
	c->checked_at = c->cref.off;
	if (c->first >= c->checked_at && c->first + size <= c->checked_at + n)
		c->cls = ref->off_known ? UA_PROVEN : UA_UNPROVEN;
	else if (ref->off_known || c->first < c->checked_at ||
		 c->first >= c->checked_at + n)
		c->cls = UA_RANGE;
}

struct point {
	struct ua_fn *fn;
	basic_block bb;
	gimple *stmt;
	const struct ua_ref *ref;
	tree len;		/* a family copy's run-time length */
};

/* The test of an accessor's error output after @s, if it is the next thing. */
static gcond *error_test(gimple *s)
{
	basic_block bb = gimple_bb(s);

	if (last_stmt(bb) == s && single_succ_p(bb) && single_pred_p(single_succ(bb)))
		bb = single_succ(bb);
	return ua_block_cond(bb);
}

/*
 * The edge on which accessor asm @s went on without faulting: an asm
 * goto's fall-through, or the way the test after it goes when an output
 * (its error code) is 0.  NULL when it cannot be told.
 */
static edge success_edge(gimple *s)
{
	gasm *a = dyn_cast<gasm *>(s);
	basic_block bb = gimple_bb(s);
	gcond *test;
	edge e;
	edge_iterator ei;
	unsigned i;

	if (!a)
		return NULL;
	if (gimple_asm_nlabels(a) && last_stmt(bb) == s) {
		FOR_EACH_EDGE(e, ei, bb->succs)
			if (e->flags & EDGE_FALLTHRU)
				return e;
		return NULL;
	}
	test = error_test(s);
	for (i = 0; test && i < gimple_asm_noutputs(a); i++) {
		tree out = TREE_VALUE(gimple_asm_output_op(a, i));
		int v = TREE_CODE(out) == SSA_NAME ? ua_cond_value(test, out, 0) : -1;

		if (v >= 0)
			return ua_edge_when(gimple_bb(test), v);
	}
	return NULL;
}

/*
 * Did access @s complete, without faulting, on every path to the point?
 * A fault jumps to the accessor's label, from where the code may go on
 * (and reach the point without the access having run).
 */
static bool completes(const struct point *pt, gimple *s)
{
	edge ok = success_edge(s);
	struct ua_cuts cuts = { NULL, 0, &ok, 1 };

	return ok && !ua_path_avoids(pt->fn, &cuts, NULL, pt->bb, pt->stmt);
}

/*
 * An access through the masked pointer @masked itself, within the guard,
 * that runs and completes before the point on every path.
 */
static gimple *masked_anchor(const struct point *pt, const struct ua_ref *masked)
{
	struct ua_fn *fn = pt->fn;
	unsigned i, j;

	for (i = 0; i < fn->naccesses; i++) {
		for (j = 0; j < fn->accesses[i].nasm; j++) {
			const struct ua_asm *x = &fn->accesses[i].asms[j];
			gimple *s = x->stmt;
			struct ua_refs refs;
			HOST_WIDE_INT size;

			if (!ua_stmt_dominates(s, pt->bb, pt->stmt))
				continue;
			size = ua_asm_refs(x, &refs);
			if (refs.n == 1 && !refs.overflow &&
			    ua_same_root(&refs.ref[0], masked) &&
			    refs.ref[0].off_known && refs.ref[0].off >= 0 &&
			    refs.ref[0].off < UA_MASK_GUARD && size < UA_MASK_GUARD &&
			    refs.ref[0].off + MAX(size, 1) <= UA_MASK_GUARD &&
			    completes(pt, s))
				return s;
		}
	}
	return NULL;
}

/*
 * The kernel's contract for a masked pointer (include/linux/uaccess.h,
 * above the scoped macros): the first access must lie within PAGE_SIZE of
 * it, and a bad address, masked, faults there before any other access
 * runs.  So a pointer of the same root as the one the mask was given (an
 * alias taken before a scope: filldir's 'dirent', 'prev' plus the
 * previous record's length) is that offset of the masked pointer, once an
 * access through the masked pointer itself has run on every path.
 * @crefs holds the masked pointer (check_refs()) and is given the mask's
 * input instead; the one matching the point's, if any, is returned with
 * the anchoring access.
 */
static const struct ua_ref *masked_alias(const struct point *pt,
					 const struct ua_prim *p,
					 struct ua_refs *crefs, gimple **anchor)
{
	const struct ua_ref *cref;
	struct ua_ref masked;

	if (crefs->n != 1 || gimple_call_num_args(p->stmt) < 1)
		return NULL;
	masked = crefs->ref[0];
	ua_resolve(gimple_call_arg(p->stmt, 0), crefs);
	/* one value masked: through a PHI of two, the other may be the one */
	if (crefs->n != 1 || crefs->overflow || crefs->ref[0].via)
		return NULL;
	cref = matching_ref(crefs, pt->ref);
	if (!cref)
		return NULL;
	*anchor = masked_anchor(pt, &masked);
	return *anchor ? cref : NULL;
}

struct checks {
	unsigned n;
	struct candidate *c;
	const struct ua_prim **cuts;
	const struct ua_prim *other;	/* dominating check of another root */
	edge *nulls;			/* where it is not user memory */
	unsigned nnulls;
};

/*
 * Can a path reach the point (through ref->via, if set) avoiding the
 * first @n checks of @k and the edges where it is not user memory?
 */
static bool escapes(const struct point *pt, const struct checks *k, unsigned n)
{
	struct ua_cuts cuts = { k->cuts, n, k->nulls, k->nnulls };
	edge via = pt->ref->via;

	if (via)
		return ua_path_avoids(pt->fn, &cuts, NULL, via->src, NULL) &&
		       ua_path_avoids(pt->fn, &cuts, via, pt->bb, pt->stmt);
	return ua_path_avoids(pt->fn, &cuts, NULL, pt->bb, pt->stmt);
}

static bool dominates_point(const struct ua_prim *p, const struct point *pt)
{
	return ua_prim_dominates(p, pt->bb, pt->stmt) ||
	       (pt->ref->via && ua_prim_dominates(p, pt->ref->via->src, NULL));
}


/*
 * The access of @size bytes at @ref's offset stays on page 0 if its
 * pointer is null: it faults, and touches no kernel memory.
 */
static bool in_null_page(const struct ua_ref *ref, HOST_WIDE_INT size)
{
	return ref->off_known && size >= 0 && ref->off >= 0 &&
	       ref->off + size <= UA_MASK_GUARD;
}

/*
 * A null pointer a caller passes (powerpc's save_user_regs(..., NULL, ...)
 * for a frame it does not have).
 */
static bool on_null_page(const struct ua_ref *ref, HOST_WIDE_INT size)
{
	return ref->kind == ROOT_VALUE && integer_zerop(ref->root) &&
	       in_null_page(ref, size);
}

static void collect(const struct point *pt, HOST_WIDE_INT size,
		    struct checks *out)
{
	struct ua_fn *fn = pt->fn;
	unsigned i;

	memset(out, 0, sizeof(*out));
	out->c = XNEWVEC(struct candidate, ua_nprims(fn) + 1);
	out->cuts = XNEWVEC(const struct ua_prim *, ua_nprims(fn) + 1);
	for (i = 0; i < ua_nprims(fn); i++) {
		const struct ua_prim *p = ua_prim_at(fn, i);
		struct ua_refs crefs;
		const struct ua_ref *cref;
		struct candidate *c;
		gimple *anchor = NULL;

		if (!ua_prim_props[p->kind].checks)
			continue;
		check_refs(p, &crefs);
		cref = matching_ref(&crefs, pt->ref);
		if (!cref && p->kind == PRIM_MASK)
			cref = masked_alias(pt, p, &crefs, &anchor);
		if (!cref) {
			if (!out->other && dominates_point(p, pt))
				out->other = p;
			continue;
		}
		c = &out->c[out->n++];
		memset(c, 0, sizeof(*c));
		c->prim = p;
		c->cref = *cref;
		c->anchor = anchor;
		measure(c, pt->ref, size, pt->len);
	}
	out->nnulls = ua_safe_edges(fn, pt->ref, size,
				    in_null_page(pt->ref, size), &out->nulls);
}

/* Better first: proven, unproven, then range by the bytes it checks. */
static int goodness(const void *a, const void *b)
{
	const struct candidate *x = (const struct candidate *)a;
	const struct candidate *y = (const struct candidate *)b;
	int rx = x->cls == UA_PROVEN ? 0 : x->cls == UA_UNPROVEN ? 1 : 2;
	int ry = y->cls == UA_PROVEN ? 0 : y->cls == UA_UNPROVEN ? 1 : 2;

	if (rx != ry)
		return rx - ry;
	if (x->checked != y->checked)
		return x->checked > y->checked ? -1 : 1;
	return x->prim < y->prim ? -1 : x->prim > y->prim;
}

static void proof_of(const struct point *pt, const struct candidate *c,
		     struct ua_verdict *out)
{
	struct ua_proof p;

	memset(&p, 0, sizeof(p));
	p.cls = c->cls;
	p.prim = c->prim;
	p.prim_fn = pt->fn;
	p.ref = *pt->ref;
	ua_verdict_add_proof(out, &p);
}

static void falls_short(const struct point *pt, const struct candidate *c,
			struct ua_verdict *out)
{
	struct ua_finding f;

	memset(&f, 0, sizeof(f));
	f.cls = c->cls;
	f.fn = pt->fn;
	f.ref = *pt->ref;
	f.prim = c->prim;
	f.first = c->first;
	f.last = c->last;
	f.checked = c->checked;
	f.checked_at = c->checked_at;
	f.anchor = c->anchor;
	f.near = c->near;
	ua_verdict_add_finding(out, &f);
}

/*
 * Is every path checked?  The verdict is the worst, over the paths, of
 * the best check on each: the first prefix of the candidates, best first,
 * whose checks together leave no path open decides, and its weakest
 * member is what some path has to rely on.  False when some path passes
 * no check of the pointer at all.
 */
static bool judge_checked(const struct point *pt, struct checks *k,
			  struct ua_verdict *out)
{
	unsigned n;

	qsort(k->c, k->n, sizeof(*k->c), goodness);
	for (n = 0; n < k->n; n++)
		k->cuts[n] = k->c[n].prim;
	for (n = 1; n <= k->n; n++) {
		const struct candidate *weakest = &k->c[n - 1];
		unsigned i;

		if (escapes(pt, k, n))
			continue;
		for (i = 0; i < n; i++)
			if (k->c[i].cls == weakest->cls)
				proof_of(pt, &k->c[i], out);
		if (weakest->cls != UA_PROVEN)
			falls_short(pt, weakest, out);
		return true;
	}
	return false;
}

static void unchecked_here(const struct point *pt, const struct checks *k,
			   struct ua_verdict *out)
{
	struct ua_finding f;

	memset(&f, 0, sizeof(f));
	f.cls = UA_UNCHECKED;
	f.fn = pt->fn;
	f.ref = *pt->ref;
	f.stray = k->n ? k->c[0].prim : NULL;
	f.other = k->other;
	ua_verdict_add_finding(out, &f);
}

/*
 * Was the error value of a kept pointer's source (KVM's bad hva, a kernel
 * address) refused on every path to the point: a test of ERROR(root)
 * passed on each?
 */
static bool error_refused(const struct point *pt, const struct ua_kept *kept)
{
	struct ua_fn *fn = pt->fn;
	struct ua_cuts cuts = { NULL, 0, NULL, 0 };
	auto_vec<tree> said;
	auto_vec<edge> ok;
	basic_block bb;
	unsigned i;

	if (!kept->error)
		return true;
	FOR_EACH_BB_FN(bb, fn->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *g = gsi_stmt(gsi);
			tree callee = is_gimple_call(g) ? gimple_call_fndecl(g) : NULL_TREE;
			struct ua_refs refs;

			if (!callee || !DECL_NAME(callee) || !gimple_call_lhs(g) ||
			    gimple_call_num_args(g) < 1 ||
			    strcmp(IDENTIFIER_POINTER(DECL_NAME(callee)), kept->error))
				continue;
			ua_resolve(gimple_call_arg(g, 0), &refs);
			if (refs.n == 1 && !refs.overflow &&
			    ua_same_root(&refs.ref[0], pt->ref))
				said.safe_push(gimple_call_lhs(g));
		}
	}
	FOR_EACH_BB_FN(bb, fn->fun) {
		gcond *c = ua_block_cond(bb);

		for (i = 0; c && i < said.length(); i++) {
			int v = ua_cond_value(c, said[i], 0);

			if (v >= 0)
				ok.safe_push(ua_edge_when(bb, v));
		}
	}
	if (ok.is_empty())
		return false;
	cuts.nulls = ok.address();
	cuts.nnulls = ok.length();
	return !ua_path_avoids(fn, &cuts, NULL, pt->bb, pt->stmt);
}

/*
 * A pointer the kernel keeps, validated when it was stored (kept.c), for
 * the bytes the table names: proven within them, range past them,
 * unproven at an offset the plugin cannot tell; unchecked when the
 * source's error value may reach the access.
 */
static void kept_verdict(const struct point *pt, const struct checks *k,
			 const struct ua_kept *kept, HOST_WIDE_INT size,
			 struct ua_verdict *out)
{
	const struct ua_ref *ref = pt->ref;
	struct ua_finding f;
	struct ua_proof p;

	if (!error_refused(pt, kept)) {
		unchecked_here(pt, k, out);
		return;
	}
	if (ref->off_known && size >= 0 && ref->off >= 0 &&
	    ref->off <= kept->bytes && size <= kept->bytes - ref->off) {
		memset(&p, 0, sizeof(p));
		p.cls = UA_PROVEN;
		p.kept = kept;
		p.prim_fn = pt->fn;
		p.ref = *ref;
		ua_verdict_add_proof(out, &p);
		return;
	}
	memset(&f, 0, sizeof(f));
	f.cls = ref->off_known && size >= 0 ? UA_RANGE : UA_UNPROVEN;
	f.fn = pt->fn;
	f.ref = *ref;
	f.kept = kept;
	f.first = ref->off;
	f.last = ref->off + size - 1;
	f.checked = kept->bytes;
	ua_verdict_add_finding(out, &f);
}

struct cover_q {
	const struct ua_ref *ref;	/* in the callee */
	HOST_WIDE_INT size;
	int idx;			/* the parameter asked about */
	HOST_WIDE_INT coff;		/* a cell: its offset behind it */
};

static void ask_param(struct ua_fn *caller, gimple *call, struct ua_fn *callee,
		      const void *question, int depth, struct ua_verdict *out);
static bool ask_cell(struct ua_fn *fn, tree parm, HOST_WIDE_INT coff,
		     const struct ua_ref *ref, HOST_WIDE_INT size, int depth,
		     struct ua_verdict *out);

/*
 * Some path passes no check of @pt's pointer here: a parameter's check, or
 * a caller's cell's, is asked of the callers; anything else is unchecked.
 */
static void unchecked_path(const struct point *pt, const struct checks *k,
			   HOST_WIDE_INT size, int depth, struct ua_verdict *out)
{
	struct ua_fn *fn = pt->fn;
	const struct ua_ref *ref = pt->ref;
	const struct ua_kept *kept;
	HOST_WIDE_INT coff;
	tree parm;

	if (ref->kind == ROOT_PARM && !ua_is_syscall(fn) &&
	    !ua_is_ioctl_arg(fn, ref->root)) {
		struct cover_q q = { ref, size,
				     ua_parm_index(fn->node->decl, ref->root), 0 };

		if (q.idx < 0)
			unchecked_here(pt, k, out);
		else
			ua_ask_callers(fn, ref, depth, ask_param, &q, out);
		return;
	}
	if (ua_load_cell(ref, &parm, &coff) && !ua_is_syscall(fn) &&
	    ask_cell(fn, parm, coff, ref, size, depth, out))
		return;
	kept = ua_kept_root(ref);
	if (kept)
		kept_verdict(pt, k, kept, size, out);
	else
		unchecked_here(pt, k, out);
}

/*
 * Does some path reach the point with a user pointer, not null or a
 * kernel address (powerpc's is_kernel_addr() path, also when no check of
 * the pointer is in the function: a scope validates its own pointer)?
 */
static bool reaches_user_memory(const struct point *pt, const struct checks *k)
{
	return !k->nnulls || escapes(pt, k, 0);
}

/*
 * Judge @ref, used at @stmt (in @bb) of @fn, for @size bytes (-1: not
 * known).  The caller has entered @fn.
 */
void ua_cover_at(struct ua_fn *fn, basic_block bb, gimple *stmt,
		 const struct ua_ref *ref, HOST_WIDE_INT size, int depth,
		 struct ua_verdict *out)
{
	ua_cover_len_at(fn, bb, stmt, ref, size, NULL_TREE, depth, out);
}

/* ... and when @size is not known, @len, the run-time length if any. */
void ua_cover_len_at(struct ua_fn *fn, basic_block bb, gimple *stmt,
		     const struct ua_ref *ref, HOST_WIDE_INT size, tree len,
		     int depth, struct ua_verdict *out)
{
	struct point pt = { fn, bb, stmt, ref, len };
	struct checks k;

	if (on_null_page(ref, size))
		return;

	collect(&pt, size, &k);
	if (reaches_user_memory(&pt, &k) && !judge_checked(&pt, &k, out))
		unchecked_path(&pt, &k, size, depth, out);
	free(k.c);
	free(k.cuts);
	free(k.nulls);
}

/* Judge what the caller passes for the parameter, with offsets added. */
static void ask_param(struct ua_fn *caller, gimple *call, struct ua_fn *callee,
		      const void *question, int depth, struct ua_verdict *out)
{
	const struct cover_q *q = (const struct cover_q *)question;
	struct ua_refs refs;
	unsigned i;

	(void)callee;
	if ((unsigned)q->idx >= gimple_call_num_args(call)) {
		out->cls = MAX(out->cls, UA_UNPROVEN);
		return;
	}
	ua_resolve(gimple_call_arg(call, q->idx), &refs);
	if (refs.overflow || !refs.n)
		out->cls = MAX(out->cls, UA_UNPROVEN);
	for (i = 0; i < refs.n; i++) {
		struct ua_ref up = refs.ref[i];

		ua_ref_add(&up, q->ref);
		ua_cover_at(caller, gimple_bb(call), call, &up, q->size, depth,
			    out);
	}
}

struct cell_values {
	struct ua_refs refs;
	bool advanced;		/* callees or stores move it along */
	bool unknown;
};

static void add_value(struct cell_values *v, const struct ua_ref *r)
{
	if (v->refs.n == UA_MAX_REFS)
		v->unknown = true;
	else
		v->refs.ref[v->refs.n++] = *r;
}

/* Does @t (a reference) overlap the cell at @off of @decl, or equal it? */
static int cell_ref(tree t, tree decl, HOST_WIDE_INT off)
{
	poly_int64 poff;
	HOST_WIDE_INT start, size;
	tree base = get_addr_base_and_unit_offset(t, &poff);

	if (base && TREE_CODE(base) == MEM_REF &&
	    TREE_CODE(TREE_OPERAND(base, 0)) == ADDR_EXPR) {
		poff += mem_ref_offset(base).force_shwi();
		base = TREE_OPERAND(TREE_OPERAND(base, 0), 0);
	}
	if (base != decl)
		return 0;
	if (!poff.is_constant() || !tree_fits_shwi_p(TYPE_SIZE_UNIT(TREE_TYPE(t))))
		return 1;
	start = poff.to_constant();
	size = tree_to_shwi(TYPE_SIZE_UNIT(TREE_TYPE(t)));
	if (start == off && POINTER_TYPE_P(TREE_TYPE(t)))
		return 2;
	return start < off + (HOST_WIDE_INT)UNITS_PER_WORD && off < start + size;
}

static void store_value(struct cell_values *v, tree decl, HOST_WIDE_INT off,
			tree rhs)
{
	struct ua_refs refs;
	unsigned i;

	ua_resolve(rhs, &refs);
	v->unknown |= refs.overflow || !refs.n;
	for (i = 0; i < refs.n; i++) {
		if (refs.ref[i].kind == ROOT_LOAD &&
		    cell_ref(refs.ref[i].root, decl, off) == 2)
			v->advanced = true;
		else
			add_value(v, &refs.ref[i]);
	}
}

/* A store into @decl: the cell's value, a zeroing, or unknown. */
static void store_into(struct cell_values *v, tree decl, HOST_WIDE_INT off,
		       gimple *stmt)
{
	tree rhs = gimple_assign_rhs1(stmt);

	switch (cell_ref(gimple_assign_lhs(stmt), decl, off)) {
	case 2:
		store_value(v, decl, off, rhs);
		break;
	case 1:
		/* "struct ctx c = {}" zeroes the cell: NULL is no pointer */
		if (TREE_CODE(rhs) != CONSTRUCTOR || CONSTRUCTOR_NELTS(rhs))
			v->unknown = true;
		break;
	default:
		break;
	}
}

static void call_passing(struct cell_values *v, gimple *call, tree decl)
{
	unsigned j;

	for (j = 0; j < gimple_call_num_args(call); j++) {
		tree a = gimple_call_arg(call, j);
		struct ua_fn *callee;

		if (TREE_CODE(a) != ADDR_EXPR || TREE_OPERAND(a, 0) != decl)
			continue;
		callee = ua_fn_of_call(call);
		if (callee && ua_stores_back(callee, j))
			v->advanced = true;
		else
			v->unknown = true;
	}
}

/*
 * What can the cell at byte @off of variable @decl of @caller hold?  Its
 * incoming value if it is a parameter, whatever the function stores into
 * it (a pointer member of a local struct too), and what callees that get
 * its address store back (only the pointer moved along, or unknown).
 */
static void decl_values(struct ua_fn *caller, tree decl, HOST_WIDE_INT off,
			struct cell_values *v)
{
	basic_block bb;

	if (TREE_CODE(decl) == PARM_DECL && !off) {
		struct ua_ref r;

		memset(&r, 0, sizeof(r));
		r.kind = ROOT_PARM;
		r.root = decl;
		r.off_known = true;
		add_value(v, &r);
	}
	FOR_EACH_BB_FN(bb, caller->fun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *stmt = gsi_stmt(gsi);

			if (gimple_assign_single_p(stmt) && gimple_vdef(stmt))
				store_into(v, decl, off, stmt);
			else if (is_gimple_call(stmt))
				call_passing(v, stmt, decl);
		}
	}
	v->unknown |= !v->refs.n;
}

/* The values the cell passed as argument @idx of @call can hold. */
static void cell_values_at(struct ua_fn *caller, gimple *call, int idx,
			   HOST_WIDE_INT coff, struct cell_values *v)
{
	struct ua_refs refs;
	tree decl;
	unsigned i;

	memset(v, 0, sizeof(*v));
	if ((unsigned)idx >= gimple_call_num_args(call)) {
		v->unknown = true;
		return;
	}
	ua_resolve(gimple_call_arg(call, idx), &refs);
	if (refs.n != 1 || refs.ref[0].kind != ROOT_VALUE ||
	    TREE_CODE(refs.ref[0].root) != ADDR_EXPR ||
	    !refs.ref[0].off_known) {
		v->unknown = true;
		return;
	}
	decl = get_base_address(TREE_OPERAND(refs.ref[0].root, 0));
	if (!decl || !DECL_P(decl)) {
		v->unknown = true;
		return;
	}
	decl_values(caller, decl, refs.ref[0].off + coff, v);
	if (v->advanced)
		for (i = 0; i < v->refs.n; i++)
			v->refs.ref[i].off_known = v->refs.ref[i].lo_known = false;
}

/* Can every call site tell what the cell holds? */
static bool cells_known(struct ua_fn *fn, int idx, HOST_WIDE_INT coff)
{
	cgraph_edge *e;
	bool known = true;

	for (e = fn->node->callers; e && known; e = e->next_caller) {
		struct ua_fn *caller = ua_fn_of(e->caller);
		struct cell_values v;

		if (!caller || caller->busy || !e->call_stmt)
			return false;
		ua_fn_enter(caller);
		cell_values_at(caller, e->call_stmt, idx, coff, &v);
		ua_fn_leave();
		known = !v.unknown;
	}
	return known;
}

static void ask_cell_at(struct ua_fn *caller, gimple *call,
			struct ua_fn *callee, const void *question, int depth,
			struct ua_verdict *out)
{
	const struct cover_q *q = (const struct cover_q *)question;
	struct cell_values v;
	unsigned i;

	(void)callee;
	cell_values_at(caller, call, q->idx, q->coff, &v);
	for (i = 0; i < v.refs.n; i++) {
		struct ua_ref up = v.refs.ref[i];

		ua_ref_add(&up, q->ref);
		up.via = NULL;
		ua_cover_at(caller, gimple_bb(call), call, &up, q->size, depth,
			    out);
	}
}

/*
 * A pointer loaded through parameter @parm is followed into the callers
 * only when every caller passes the address of a variable whose values
 * are known; otherwise it stays what a loaded value is, a root, and the
 * function returns false.
 */
static bool ask_cell(struct ua_fn *fn, tree parm, HOST_WIDE_INT coff,
		     const struct ua_ref *ref, HOST_WIDE_INT size, int depth,
		     struct ua_verdict *out)
{
	struct cover_q q = { ref, size, ua_parm_index(fn->node->decl, parm),
			     coff };

	if (!ua_callers_known(fn) || !fn->node->callers || q.idx < 0 ||
	    depth >= UA_MAX_CHAIN || !cells_known(fn, q.idx, coff))
		return false;
	ua_ask_callers(fn, ref, depth, ask_cell_at, &q, out);
	return true;
}
