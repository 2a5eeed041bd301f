// SPDX-License-Identifier: GPL-2.0
/*
 * Pointer resolution: from the pointer an accessor or a check uses back to
 * a root (a parameter, a value loaded from memory, a computed value) plus
 * a byte offset.
 *
 * The walk follows SSA copies, conversions, constant pointer arithmetic
 * and address-of-member expressions.  PHIs whose arguments agree on the
 * root keep one answer (with the offset forgotten when it differs or the
 * PHI carries a loop); PHIs that join different roots give one answer per
 * argument, each remembering the edge it came through, so that a check on
 * one branch can validate the pointer of that branch only.
 *
 * A helper that returns its argument passes the pointer on; that comes
 * from its summary (summary.c), which the walk reads and never computes,
 * so the walk is the same in every phase that asks.
 */
#include "uaccess_check.h"

#define UA_MAX_DEPTH 32

/* Is @t a variable the programmer named, not a compiler's or a macro's? */
bool ua_named_by_programmer(tree t)
{
	tree var = SSA_NAME_VAR(t);

	return var && DECL_NAME(var) && !DECL_ARTIFICIAL(var) &&
	       !ua_macro_temporary(var);
}


/* The PHIs on the walk, with the offset at each (UNKNOWN_OFF: none). */
#define UNKNOWN_OFF HOST_WIDE_INT_MIN

struct walk {
	struct ua_refs *out;
	hash_map<gimple *, HOST_WIDE_INT> *phis;
	bool looped;
	bool backwards;		/* some loop may not move the pointer up */
	struct ua_fn *fn;	/* with @use: the function the value is used in */
	basic_block use;	/* where the value is needed, when known */
};

static void add_ref(struct walk *w, const struct ua_ref *r)
{
	if (w->out->n == UA_MAX_REFS) {
		w->out->overflow = true;
		return;
	}
	w->out->ref[w->out->n++] = *r;
}

static void root_here(struct walk *w, enum ua_root_kind kind, tree root,
		      tree vuse, const struct ua_ref *at)
{
	struct ua_ref r = *at;

	r.kind = kind;
	r.root = root;
	r.vuse = vuse;
	r.written_is_root = r.written && r.off_known && r.written_off_known &&
			    r.off == r.written_off;
	add_ref(w, &r);
}

/*
 * A store to a member of one struct type does not change a member of
 * another.  The kernel builds with -fno-strict-aliasing, so GCC's oracle
 * will not say so; for "the same pointer" it is the programmer's view
 * that counts.
 */
static bool other_member(gimple *stmt, tree ref)
{
	tree lhs, fa, fb;

	if (!gimple_assign_single_p(stmt))
		return false;
	lhs = gimple_assign_lhs(stmt);
	if (TREE_CODE(lhs) != COMPONENT_REF || TREE_CODE(ref) != COMPONENT_REF)
		return false;
	fa = TREE_OPERAND(lhs, 1);
	fb = TREE_OPERAND(ref, 1);
	return fa != fb && DECL_CONTEXT(fa) != DECL_CONTEXT(fb) &&
	       RECORD_OR_UNION_TYPE_P(DECL_CONTEXT(fa)) &&
	       RECORD_OR_UNION_TYPE_P(DECL_CONTEXT(fb));
}

/*
 * A store into a local variable of this function does not change memory
 * a parameter points to: the caller's memory existed before the frame.
 */
static bool local_store(gimple *stmt, tree ref)
{
	tree lhs, base, rbase;

	if (!gimple_assign_single_p(stmt))
		return false;
	lhs = gimple_assign_lhs(stmt);
	base = get_base_address(lhs);
	if (base && TREE_CODE(base) == MEM_REF &&
	    TREE_CODE(TREE_OPERAND(base, 0)) == ADDR_EXPR)
		base = TREE_OPERAND(TREE_OPERAND(base, 0), 0);
	rbase = get_base_address(ref);
	if (!base || !VAR_P(base) || TREE_STATIC(base) || DECL_EXTERNAL(base) ||
	    !rbase || TREE_CODE(rbase) != MEM_REF)
		return false;
	rbase = TREE_OPERAND(rbase, 0);
	return TREE_CODE(rbase) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF(rbase) &&
	       SSA_NAME_VAR(rbase) && TREE_CODE(SSA_NAME_VAR(rbase)) == PARM_DECL;
}

#define UA_VUSE_BUDGET 256
#define UA_VUSE_PHIS 16

struct vwalk {
	tree ref;
	int budget;
	unsigned nphis;
	gimple *phis[UA_VUSE_PHIS];
};

static tree canonical_vuse_1(struct vwalk *v, tree vuse);

/*
 * A memory PHI changes nothing when every way into it comes from the
 * same state; a way that loops back to a PHI being walked adds nothing.
 */
static tree through_phi(struct vwalk *v, gimple *phi, tree vuse)
{
	tree common = NULL_TREE;
	unsigned i;

	if (v->nphis == UA_VUSE_PHIS)
		return vuse;
	for (i = 0; i < v->nphis; i++)
		if (v->phis[i] == phi)
			return NULL_TREE;
	v->phis[v->nphis++] = phi;
	for (i = 0; i < gimple_phi_num_args(phi); i++) {
		tree c = canonical_vuse_1(v, gimple_phi_arg_def(phi, i));

		if (!c)
			continue;
		if (common && c != common) {
			common = vuse;
			break;
		}
		common = c;
	}
	v->nphis--;
	return common ? common : vuse;
}

/*
 * Two loads of one location read the same pointer when no store that may
 * alias it lies between them: step the memory state back past statements
 * that cannot clobber the location.
 */
static tree canonical_vuse_1(struct vwalk *v, tree vuse)
{
	while (vuse && TREE_CODE(vuse) == SSA_NAME && v->budget-- > 0) {
		gimple *def = SSA_NAME_DEF_STMT(vuse);
		tree next;

		if (gimple_nop_p(def))
			break;
		if (gimple_code(def) == GIMPLE_PHI) {
			next = through_phi(v, def, vuse);
			if (next == vuse || !next)
				return next;
			vuse = next;
			continue;
		}
		if (!ua_stores_nothing(def) && !other_member(def, v->ref) &&
		    !local_store(def, v->ref) &&
		    stmt_may_clobber_ref_p(def, v->ref, false))
			break;
		vuse = gimple_vuse(def);
	}
	return vuse;
}

static tree canonical_vuse(tree vuse, tree ref)
{
	struct vwalk v;
	tree c;

	v.ref = ref;
	v.budget = UA_VUSE_BUDGET;
	v.nphis = 0;
	c = canonical_vuse_1(&v, vuse);
	return c ? c : vuse;
}

static void walk_tree_ptr(struct walk *w, tree t, struct ua_ref at, int depth);
static void walk_call(struct walk *w, tree t, gimple *call, struct ua_ref at,
		      int depth);

/* The address of @obj; @t names it when it is not based on a pointer. */
static void walk_object(struct walk *w, tree obj, tree t, struct ua_ref at,
			int depth)
{
	poly_int64 poff;
	tree base = get_addr_base_and_unit_offset(obj, &poff);

	if (!base) {
		base = get_base_address(obj);
		at.off_known = false;
	} else if (poff.is_constant()) {
		at.off += poff.to_constant();
	} else {
		at.off_known = false;
	}
	if (base && TREE_CODE(base) == MEM_REF) {
		at.off += mem_ref_offset(base).force_shwi().to_constant();
		walk_tree_ptr(w, TREE_OPERAND(base, 0), at, depth + 1);
		return;
	}
	root_here(w, ROOT_VALUE, t, NULL_TREE, &at);
}

static void walk_addr(struct walk *w, tree t, struct ua_ref at, int depth)
{
	walk_object(w, TREE_OPERAND(t, 0), t, at, depth);
}

static bool same_root_list(const struct ua_refs *a)
{
	unsigned i;

	for (i = 1; i < a->n; i++)
		if (!ua_same_root(&a->ref[0], &a->ref[i]))
			return false;
	return a->n > 0;
}

/*
 * A pointer advanced in a loop has no one offset; when every loop on the
 * way only moves it up, the offset it enters with is a lower bound.
 */
static void forget_offset(struct ua_ref *r, bool backwards)
{
	r->lo_known = (r->off_known || r->lo_known) && !backwards;
	r->off_known = false;
}

/*
 * The way out of @bb, a block feasible.c decided, that the use is reached
 * by: the edge whose destination, entered from @bb alone, dominates it.
 */
static edge way_to_use(const struct walk *w, basic_block bb)
{
	edge e;
	edge_iterator ei;

	if (!w->use || !w->fn || !ua_block_decided(w->fn, bb))
		return NULL;
	FOR_EACH_EDGE(e, ei, bb->succs)
		if (single_pred_p(e->dest) &&
		    dominated_by_p(CDI_DOMINATORS, w->use, e->dest))
			return e;
	return NULL;
}

static void walk_phi(struct walk *w, gphi *phi, struct ua_ref at, int depth)
{
	struct ua_refs args;
	struct walk sub;
	edge taken;
	unsigned i, j;
	bool looped = false, backwards = false;
	HOST_WIDE_INT *entry;

	entry = w->phis->get(phi);
	if (entry) {
		/* back to a PHI on the walk: a loop, moving by what was added */
		w->looped = true;
		if (*entry == UNKNOWN_OFF || !at.off_known || at.off <= *entry)
			w->backwards = true;
		return;
	}
	w->phis->put(phi, at.off_known ? at.off : UNKNOWN_OFF);
	memset(&args, 0, sizeof(args));
	taken = way_to_use(w, gimple_bb(phi));
	for (i = 0; i < gimple_phi_num_args(phi); i++) {
		struct ua_refs one;
		struct ua_ref a = at;
		edge in = gimple_phi_arg_edge(phi, i);

		/* an argument no execution brings to the use (a run-once loop) */
		if (taken && ua_infeasible(w->fn, in, taken))
			continue;
		memset(&one, 0, sizeof(one));
		sub.out = &one;
		sub.phis = w->phis;
		sub.looped = false;
		sub.backwards = false;
		sub.fn = w->fn;
		sub.use = w->use ? in->src : NULL;
		walk_tree_ptr(&sub, gimple_phi_arg_def(phi, i), a, depth + 1);
		looped |= sub.looped;
		backwards |= sub.backwards;
		for (j = 0; j < one.n; j++) {
			if (!one.ref[j].via)
				one.ref[j].via = gimple_phi_arg_edge(phi, i);
			if (args.n < UA_MAX_REFS)
				args.ref[args.n++] = one.ref[j];
			else
				args.overflow = true;
		}
		args.overflow |= one.overflow;
	}
	w->phis->remove(phi);
	w->out->overflow |= args.overflow;
	w->looped |= looped;
	w->backwards |= backwards;
	if (same_root_list(&args)) {
		struct ua_ref r = args.ref[0];

		for (i = 1; i < args.n; i++)
			if (!args.ref[i].off_known || args.ref[i].off != r.off)
				r.off_known = r.lo_known = false;
		if (looped)
			forget_offset(&r, backwards);
		r.via = at.via;
		/* one value for a check and an access is the PHI's, not an arm's */
		r.near = at.near;
		r.near_off = at.near_off;
		add_ref(w, &r);
		return;
	}
	for (i = 0; i < args.n; i++) {
		if (looped) {
			forget_offset(&args.ref[i], backwards);
			args.ref[i].near = at.near;
			args.ref[i].near_off = at.near_off;
		}
		add_ref(w, &args.ref[i]);
	}
}

bool ua_is_load(gimple *def)
{
	tree rhs;

	if (!gimple_assign_single_p(def) || !gimple_vuse(def))
		return false;
	rhs = gimple_assign_rhs1(def);
	return REFERENCE_CLASS_P(rhs) || DECL_P(rhs);
}

/*
 * The one store to a const local of this function that dominates @use.
 * A 7.x scope keeps its validated pointer in such a variable (the
 * shadow of the scope's pointer): its cleanup handler takes its address,
 * so it lives in memory, but being const it holds its initial value for
 * its whole life.
 */
static gimple *const_local_store(tree var, gimple *use)
{
	gimple *store = NULL;
	basic_block bb;

	if (!VAR_P(var) || TREE_STATIC(var) || DECL_EXTERNAL(var) ||
	    !TYPE_READONLY(TREE_TYPE(var)) ||
	    DECL_CONTEXT(var) != current_function_decl ||
	    !dom_info_available_p(CDI_DOMINATORS))
		return NULL;
	FOR_EACH_BB_FN(bb, cfun) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *s = gsi_stmt(gsi);

			if (!gimple_assign_single_p(s) || gimple_clobber_p(s) ||
			    gimple_assign_lhs(s) != var)
				continue;
			if (store)
				return NULL;
			store = s;
		}
	}
	if (!store)
		return NULL;
	if (gimple_bb(store) == gimple_bb(use)) {
		gimple_stmt_iterator gsi;

		for (gsi = gsi_for_stmt(store); !gsi_end_p(gsi); gsi_next(&gsi))
			if (gsi_stmt(gsi) == use)
				return store;
		return NULL;
	}
	return dominated_by_p(CDI_DOMINATORS, gimple_bb(use), gimple_bb(store)) ?
	       store : NULL;
}

/* The PHIs a non_negative() question is inside of. */
struct phi_stack {
	const struct phi_stack *up;
	gimple *phi;
};

/*
 * Is the integer @t never negative: a constant, a zero-extension, a
 * product or sum of such, or a PHI of them (a loop index counted up from
 * zero: i = PHI <0, i + 8>, with the PHI being asked about taken to be)?
 * Wrapping is not considered, as GCC does not for a signed index.
 */
static bool non_negative(tree t, const struct phi_stack *open, int depth)
{
	const struct phi_stack *s;
	gimple *def;
	unsigned i;

	if (TREE_CODE(t) == INTEGER_CST)
		return tree_int_cst_sgn(fold_convert(ssizetype, t)) >= 0;
	if (TREE_CODE(t) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF(t) ||
	    depth > UA_MAX_DEPTH)
		return false;
	def = SSA_NAME_DEF_STMT(t);
	if (gimple_code(def) == GIMPLE_PHI) {
		struct phi_stack here = { open, def };

		for (s = open; s; s = s->up)
			if (s->phi == def)
				return true;
		for (i = 0; i < gimple_phi_num_args(def); i++)
			if (!non_negative(gimple_phi_arg_def(def, i), &here, depth + 1))
				return false;
		return true;
	}
	if (!is_gimple_assign(def))
		return false;
	switch (gimple_assign_rhs_code(def)) {
	CASE_CONVERT: {
		tree from = TREE_TYPE(gimple_assign_rhs1(def));

		if (!INTEGRAL_TYPE_P(from))
			return false;
		return (TYPE_UNSIGNED(from) &&
			TYPE_PRECISION(from) < TYPE_PRECISION(TREE_TYPE(t))) ||
		       non_negative(gimple_assign_rhs1(def), open, depth + 1);
	}
	case INTEGER_CST:
	case SSA_NAME:
		return non_negative(gimple_assign_rhs1(def), open, depth + 1);
	case MULT_EXPR:
	case PLUS_EXPR:
		return non_negative(gimple_assign_rhs1(def), open, depth + 1) &&
		       non_negative(gimple_assign_rhs2(def), open, depth + 1);
	default:
		return false;
	}
}

static void walk_assign(struct walk *w, tree t, gimple *def,
			struct ua_ref at, int depth)
{
	enum tree_code code = gimple_assign_rhs_code(def);
	tree rhs1 = gimple_assign_rhs1(def);
	gimple *store;

	if (ua_is_load(def) && (store = const_local_store(rhs1, def))) {
		walk_tree_ptr(w, gimple_assign_rhs1(store), at, depth + 1);
		return;
	}
	if (ua_is_load(def)) {
		root_here(w, ROOT_LOAD, rhs1,
			  canonical_vuse(gimple_vuse(def), rhs1), &at);
		return;
	}
	switch (code) {
	case INTEGER_CST:
		root_here(w, ROOT_VALUE, rhs1, NULL_TREE, &at);
		return;
	case SSA_NAME:
	CASE_CONVERT:
	case VIEW_CONVERT_EXPR:
		walk_tree_ptr(w, rhs1, at, depth + 1);
		return;
	case ADDR_EXPR:
		walk_addr(w, rhs1, at, depth);
		return;
	case POINTER_PLUS_EXPR:
	case PLUS_EXPR:
	case MINUS_EXPR: {
		tree rhs2 = gimple_assign_rhs2(def);
		HOST_WIDE_INT c;

		if (TREE_CODE(rhs2) == INTEGER_CST) {
			/* wraps: sizetype carries negative offsets */
			c = (HOST_WIDE_INT)TREE_INT_CST_LOW(rhs2);
			at.off += code == MINUS_EXPR ? -c : c;
		} else {
			/* &buf[i], _dst + _i: an index counted up from 0 */
			if (code == POINTER_PLUS_EXPR &&
			    (at.off_known || at.lo_known) &&
			    non_negative(rhs2, NULL, 0))
				at.lo_known = true;
			at.off_known = false;
		}
		walk_tree_ptr(w, rhs1, at, depth + 1);
		return;
	}
	case BIT_AND_EXPR:
		/* PAGE_ALIGN() and friends keep the pointer, not the offset */
		if (TREE_CODE(gimple_assign_rhs2(def)) != INTEGER_CST)
			break;
		at.off_known = false;
		walk_tree_ptr(w, rhs1, at, depth + 1);
		return;
	default:
		break;
	}
	root_here(w, ROOT_VALUE, t, NULL_TREE, &at);
}

/*
 * Does @call return one of its arguments?  Its index, with the offset the
 * callee adds, or -1: the callee's summary says (summary.c computes it
 * before any query resolves a pointer; none is read earlier).
 */
static int returned_arg(gimple *call, HOST_WIDE_INT *off, bool *off_known)
{
	struct ua_fn *fn = ua_fn_of_call(call);

	if (!fn || fn->sum.ret_param < 0 ||
	    (unsigned)fn->sum.ret_param >= gimple_call_num_args(call))
		return -1;
	*off = fn->sum.ret_off;
	*off_known = fn->sum.ret_off_known;
	return fn->sum.ret_param;
}

/*
 * A helper that returns its argument (advanced) passes the pointer on, as
 * a pointer passer of primitives.def does.
 */
static void walk_call(struct walk *w, tree t, gimple *call, struct ua_ref at,
		      int depth)
{
	HOST_WIDE_INT off;
	bool known;
	int k = returned_arg(call, &off, &known);

	if (k < 0 && ua_passes_pointer(gimple_call_fndecl(call)) &&
	    gimple_call_num_args(call) == 1) {
		k = 0;
		off = 0;
		known = true;
	}
	if (k < 0) {
		root_here(w, ROOT_VALUE, t, NULL_TREE, &at);
		return;
	}
	at.off += off;
	at.off_known &= known;
	walk_tree_ptr(w, gimple_call_arg(call, k), at, depth + 1);
}

static void walk_tree_ptr(struct walk *w, tree t, struct ua_ref at, int depth)
{
	gimple *def;

	if (depth > UA_MAX_DEPTH) {
		w->out->overflow = true;
		return;
	}
	if (TREE_CODE(t) == ADDR_EXPR) {
		walk_addr(w, t, at, depth);
		return;
	}
	if (TREE_CODE(t) != SSA_NAME) {
		root_here(w, ROOT_VALUE, t, NULL_TREE, &at);
		return;
	}
	if (at.off_known) {
		at.near = t;
		at.near_off = at.off;
	}
	if (ua_named_by_programmer(t)) {
		at.named = t;
		if (!at.written) {
			at.written = t;
			at.written_off = at.off;
			at.written_off_known = at.off_known;
		}
	}
	if (SSA_NAME_IS_DEFAULT_DEF(t)) {
		tree var = SSA_NAME_VAR(t);

		if (var && TREE_CODE(var) == PARM_DECL)
			root_here(w, ROOT_PARM, var, NULL_TREE, &at);
		else
			root_here(w, ROOT_VALUE, t, NULL_TREE, &at);
		return;
	}
	def = SSA_NAME_DEF_STMT(t);
	if (gimple_code(def) == GIMPLE_PHI)
		walk_phi(w, as_a<gphi *>(def), at, depth);
	else if (is_gimple_assign(def))
		walk_assign(w, t, def, at, depth);
	else if (is_gimple_call(def))
		walk_call(w, t, def, at, depth);
	else
		root_here(w, ROOT_VALUE, t, NULL_TREE, &at);
}

static void resolve(tree ptr, tree obj, gimple *use, struct ua_refs *out)
{
	hash_map<gimple *, HOST_WIDE_INT> phis;
	struct walk w;
	struct ua_ref at;

	memset(out, 0, sizeof(*out));
	memset(&at, 0, sizeof(at));
	at.off_known = true;
	w.out = out;
	w.phis = &phis;
	w.looped = false;
	w.backwards = false;
	w.fn = NULL;
	w.use = NULL;
	if (use && dom_info_available_p(CDI_DOMINATORS)) {
		w.fn = ua_fn_of(cgraph_node::get(current_function_decl));
		w.use = w.fn ? gimple_bb(use) : NULL;
	}
	if (obj)
		walk_object(&w, obj, obj, at, 0);
	else
		walk_tree_ptr(&w, ptr, at, 0);
}

void ua_resolve(tree ptr, struct ua_refs *out)
{
	resolve(ptr, NULL_TREE, NULL, out);
}

/* The same for the value @ptr has where @use needs it (paths into @use only). */
void ua_resolve_at(tree ptr, gimple *use, struct ua_refs *out)
{
	resolve(ptr, NULL_TREE, use, out);
}

/* The roots of the address of the memory reference @obj (an asm operand at @use). */
void ua_resolve_object(tree obj, gimple *use, struct ua_refs *out)
{
	resolve(NULL_TREE, obj, use, out);
}

/*
 * Is @ref a pointer loaded from memory a parameter points to (a cell of
 * the caller's, like ep_deliver_event()'s *uevents)?  Gives the parameter
 * and the cell's byte offset from it.
 */
bool ua_load_cell(const struct ua_ref *ref, tree *parm, HOST_WIDE_INT *coff)
{
	poly_int64 poff;
	tree base;
	struct ua_refs refs;

	if (ref->kind != ROOT_LOAD)
		return false;
	base = get_addr_base_and_unit_offset(ref->root, &poff);
	if (!base || TREE_CODE(base) != MEM_REF || !poff.is_constant())
		return false;
	ua_resolve(TREE_OPERAND(base, 0), &refs);
	if (refs.n != 1 || refs.overflow || refs.ref[0].kind != ROOT_PARM ||
	    !refs.ref[0].off_known)
		return false;
	*parm = refs.ref[0].root;
	*coff = refs.ref[0].off + poff.to_constant() +
		mem_ref_offset(base).force_shwi().to_constant();
	return true;
}

bool ua_same_root(const struct ua_ref *a, const struct ua_ref *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == ROOT_LOAD)
		return a->vuse == b->vuse && operand_equal_p(a->root, b->root, 0);
	if (a->kind == ROOT_VALUE && a->root != b->root)
		return operand_equal_p(a->root, b->root, 0) &&
		       TREE_CODE(a->root) != SSA_NAME;
	return a->root == b->root;
}

/* @up, the pointer in a caller, moved by what @down adds in the callee. */
void ua_ref_add(struct ua_ref *up, const struct ua_ref *down)
{
	bool known = up->off_known && down->off_known;
	bool lo = (up->off_known || up->lo_known) &&
		  (down->off_known || down->lo_known) && !known;

	up->off += down->off;
	up->off_known = known;
	up->lo_known = lo;
	/* the value shared with a check stays one only for a known move */
	if (down->off_known)
		up->near_off += down->off;
	else
		up->near = NULL;
}

int ua_parm_index(tree fndecl, tree parm)
{
	tree p;
	int i = 0;

	for (p = DECL_ARGUMENTS(fndecl); p; p = DECL_CHAIN(p), i++)
		if (p == parm)
			return i;
	return -1;
}

/* An unsigned integer type of 32 bits or fewer (compat_uptr_t, u32). */
static bool unsigned_32(tree type)
{
	return INTEGRAL_TYPE_P(type) && TYPE_UNSIGNED(type) &&
	       TYPE_PRECISION(type) <= 32;
}

/*
 * Is @ptr made from a 32-bit unsigned value (compat_ptr(), "(u32)regs->sp"),
 * plus a non-negative offset, on a 64-bit kernel?  It is below 4 GiB, far
 * below the top of user space on x86-64, powerpc64 and arm64, and an
 * access running up from it faults in the hole above user space before it
 * reaches a kernel byte: it needs no check ("the pointer we're following
 * is explicitly 32 bits, so it can't be out of range", x86's
 * do_fast_syscall_32()).
 */
bool ua_from_32_bits(tree ptr)
{
	int depth;

	if (!ptr || TYPE_PRECISION(TREE_TYPE(ptr)) != 64)
		return false;
	for (depth = 0; TREE_CODE(ptr) == SSA_NAME && depth < 8; depth++) {
		gimple *def = SSA_NAME_DEF_STMT(ptr);
		struct ua_fn *callee;

		/* arm64's uaccess_mask_ptr() in the accessor keeps the address */
		if (is_gimple_call(def) && gimple_call_num_args(def) == 1 &&
		    ua_passes_pointer(gimple_call_fndecl(def))) {
			ptr = gimple_call_arg(def, 0);
			continue;
		}
		/* compat_ptr(uptr), not inlined yet: it returns its argument */
		if (is_gimple_call(def) && (callee = ua_fn_of_call(def)) &&
		    callee->sum.ret_param >= 0 && callee->sum.ret_off_known &&
		    !callee->sum.ret_off &&
		    (unsigned)callee->sum.ret_param < gimple_call_num_args(def)) {
			ptr = gimple_call_arg(def, callee->sum.ret_param);
			if (unsigned_32(TREE_TYPE(ptr)))
				return true;
			continue;
		}
		if (!is_gimple_assign(def))
			return false;
		switch (gimple_assign_rhs_code(def)) {
		CASE_CONVERT:
			if (unsigned_32(TREE_TYPE(gimple_assign_rhs1(def))))
				return true;
			ptr = gimple_assign_rhs1(def);
			break;
		case SSA_NAME:
			ptr = gimple_assign_rhs1(def);
			break;
		case ADDR_EXPR: {
			/* &mcp->mc_gregs[PT_MSR]: a member at a constant offset */
			poly_int64 pos;
			tree base = get_addr_base_and_unit_offset(
				TREE_OPERAND(gimple_assign_rhs1(def), 0), &pos);
			HOST_WIDE_INT at;

			if (!base || TREE_CODE(base) != MEM_REF ||
			    !pos.is_constant(&at) || at < 0 || at >= (1 << 30) ||
			    !tree_fits_shwi_p(TREE_OPERAND(base, 1)) ||
			    tree_to_shwi(TREE_OPERAND(base, 1)) < 0)
				return false;
			ptr = TREE_OPERAND(base, 0);
			break;
		}
		case POINTER_PLUS_EXPR: {
			tree off = gimple_assign_rhs2(def);

			/* sizetype carries "- 8" as a huge constant */
			if (TREE_CODE(off) == INTEGER_CST ?
			    !tree_fits_uhwi_p(off) || tree_to_uhwi(off) >= (1u << 31) :
			    !non_negative(off, NULL, 0))
				return false;
			ptr = gimple_assign_rhs1(def);
			break;
		}
		default:
			return false;
		}
	}
	return false;
}
