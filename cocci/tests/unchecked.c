// Inputs for uaccess_unchecked.cocci.
struct out { u32 a; u32 b; };

/* no check anywhere, no caller in this file */
int no_check(u32 __user *p)
{
	unsafe_put_user(1, p, efault);			/* unchecked (callers unseen) */
	return 0;
efault:
	return -EFAULT;
}

/* the check is on one branch only (CVE-2017-5123 shape) */
int one_branch(struct out __user *p, int fast)
{
	if (!fast) {
		if (!user_write_access_begin(p, sizeof(*p)))
			return -EFAULT;
	}
	unsafe_put_user(1, &p->a, efault);		/* unchecked: not every path */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* a helper whose every caller checks: not reported */
static int put_both(struct out __user *p)
{
	unsafe_put_user(1, &p->a, efault);
	unsafe_put_user(2, &p->b, efault);
	return 0;
efault:
	return -EFAULT;
}

int caller_checks(struct out __user *p)
{
	int err;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = put_both(p);
	user_write_access_end();
	return err;
}

/* a helper with one caller that does not check: reported at that call */
static int get_one(u32 __user *p, u32 *v)
{
	unsafe_get_user(*v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

int caller_ok(u32 __user *p, u32 *v)
{
	int err;

	if (!user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	err = get_one(p, v);
	user_read_access_end();
	return err;
}

int caller_bad(u32 __user *p, u32 *v)
{
	return get_one(p, v);				/* unchecked call */
}

/* a wrapper macro of the file (do { } while (0); with a trailing semicolon) */
static int __put_pair(struct out __user *p, u32 a, u32 b)
{
	unsafe_put_user(a, &p->a, efault);
	unsafe_put_user(b, &p->b, efault);
	return 0;
efault:
	return -EFAULT;
}

#define unsafe_put_pair(p, a, b, label)		\
do {						\
	if (__put_pair(p, a, b))		\
		goto label;			\
} while (0);

int macro_checked(struct out __user *p)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_pair(p, 1, 2, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* a check of another pointer */
int other_pointer(u32 __user *p, u32 __user *q)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(1, q, efault);			/* unchecked: q is not p */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* an alias of the checked pointer is fine */
int alias_ok(void __user *buf)
{
	u32 __user *p = buf;

	if (!user_write_access_begin(buf, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(1, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* inverted test (powerpc do_setcontext shape) */
int inverted(u32 __user *p, u32 *v)
{
	if (user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, p, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

/* an access where the check failed */
int failed_path(u32 __user *p)
{
	if (!user_write_access_begin(p, sizeof(*p))) {
		unsafe_put_user(0, p, out);		/* unchecked: the begin failed */
		return -EFAULT;
	}
	unsafe_put_user(1, p, out);
	user_write_access_end();
	return 0;
out:
	return -EFAULT;
}

/* masked begin: validated by masking */
int masked(u32 __user *p)
{
	p = masked_user_access_begin(p);
	unsafe_put_user(1, p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

/* only the unchecked begin */
int stac_only(u32 __user *p)
{
	__uaccess_begin();
	unsafe_put_user(1, p, efault);			/* unchecked: only __uaccess_begin() */
	__uaccess_end();
	return 0;
efault:
	__uaccess_end();
	return -EFAULT;
}

/* powerpc emulation: the helper serves kernel addresses without a region */
static int raw_load(unsigned long ea, u32 *v)
{
	unsafe_get_user(*v, (u32 __user *)ea, efault);
	return 0;
efault:
	return -EFAULT;
}

int emulate_load(unsigned long ea, u32 *v)
{
	int err;

	if (is_kernel_addr(ea))
		return raw_load(ea, v);
	if (!user_read_access_begin((void __user *)ea, sizeof(u32)))
		return -EFAULT;
	err = raw_load(ea, v);
	user_read_access_end();
	return err;
}

/* powerpc shape: the macro body does not parse, its calls are found in the text */
static long __put_ctx(u32 __user *p, int v)
{
	unsafe_put_user(v, p, efault);
	return 0;
efault:
	return -EFAULT;
}

#define unsafe_put_ctx(p, v, label)\
do {\
	if (__put_ctx(p, v))\
		goto label;\
} while (0)

int put_ctx_checked(u32 __user *p)
{
	/* unsafe_put_ctx() needs an open region: */
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_ctx(p, 1, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* the masked begin returns the pointer to use */
struct tok { u32 __user *out; u32 token; };

int masked_result(struct tok *args)
{
	u32 __user *dst = masked_user_access_begin(args->out);

	unsafe_put_user(args->token, dst, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}

int masked_result_unused(struct tok *args)
{
	u32 __user *dst = masked_user_access_begin(args->out);

	unsafe_put_user(args->token, args->out, efault);	/* unchecked: not the masked pointer */
	user_access_end();
	return dst ? 0 : 1;
efault:
	user_access_end();
	return -EFAULT;
}

int masked_discarded(struct tok *args)
{
	u32 __user *out = args->out;

	if (can_do_masked_user_access())
		masked_user_access_begin(out);		/* unchecked: result discarded */
	else if (!user_write_access_begin(out, sizeof(*out)))
		return -EFAULT;
	unsafe_put_user(args->token, out, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* 7.x: a helper whose callers open a brace-less scope (powerpc sstep.c shape) */
static int __load_word(u32 *dest, unsigned long ea)
{
	unsafe_get_user(*dest, (u32 __user *)ea, efault);
	return 0;
efault:
	return -EFAULT;
}

int load_word(u32 *dest, unsigned long ea)
{
	void __user *uea = (void __user *)ea;

	if (is_kernel_addr(ea))
		return __load_word(dest, ea);
	scoped_user_read_access_size(uea, sizeof(u32), efault)
		return __load_word(dest, (unsigned long)uea);
efault:
	return -EFAULT;
}

int zero_word(unsigned long ea, int kernel)
{
	void __user *uea = (void __user *)ea;
	int err;

	if (kernel)
		err = __load_word(NULL, ea);		/* no scope on this branch: reported in __load_word */
	else
		scoped_user_read_access_size(uea, sizeof(u32), efault)
			err = __load_word(NULL, (unsigned long)uea);
	return err;
efault:
	return -EFAULT;
}

/* 7.x: after the scope its name is the raw pointer again, and no region is open */
int after_scope(struct out __user *p)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(1, &p->a, efault);
	}
	unsafe_put_user(2, &p->b, efault);		/* unchecked: outside the scope */
	return 0;
efault:
	return -EFAULT;
}

/* 7.x: get_user_inline() is a scope of its own; it opens nothing for what follows */
int inline_then_unsafe(u32 __user *p, u32 *v)
{
	if (get_user_inline(*v, p))
		return -EFAULT;
	unsafe_get_user(*v, p, efault);			/* unchecked: the inline scope has ended */
	return 0;
efault:
	return -EFAULT;
}

/* a wrapper macro that opens its own scope (get_user_inline() shape): no helper */
#define get_word_inline(val, usrc)			\
({							\
	__label__ efault;				\
	typeof(usrc) _tmpsrc = usrc;			\
	int _ret = 0;					\
							\
	scoped_user_read_access(_tmpsrc, efault)	\
		unsafe_get_user(val, _tmpsrc, efault);	\
	if (0) {					\
	efault:						\
		_ret = -EFAULT;				\
	}						\
	_ret;						\
})

int uses_inline_wrapper(u32 __user *p, u32 *v)
{
	return get_word_inline(*v, p);
}

/*
 * loongarch KVM steal time: st is loaded from a registered field (gfn_to_hva_cache.hva, a
 * memory slot address checked when the slot was set: cocci/lib/registrations)
 */
struct gfn_to_hva_cache { unsigned long hva; };
struct steal { u32 version; u64 steal; };

static void update_steal(struct gfn_to_hva_cache *ghc)
{
	struct steal __user *st;
	u32 version;

	st = (struct steal __user *)ghc->hva;
	unsafe_get_user(version, &st->version, out);	/* distance */
	unsafe_put_user(version + 1, &st->version, out);	/* distance */
out:
	return;
}

void vcpu_run(struct gfn_to_hva_cache *ghc)
{
	update_steal(ghc);				/* nothing asked of the caller */
}

/* a user pointer kept in an object that is not a registration: as any other pointer */
struct cfg { u64 uaddr; };

static void put_cfg(struct cfg *c)
{
	u32 __user *u = (u32 __user *)c->uaddr;

	unsafe_put_user(1, u, out);			/* unchecked */
out:
	return;
}

void cfg_run(struct cfg *c)
{
	put_cfg(c);
}

/* a member named like a registered one, in another struct: not a registration */
struct host_map { unsigned long hva; };

static void put_map(struct host_map *m)
{
	u32 __user *u = (u32 __user *)m->hva;

	unsafe_put_user(0, u, out);			/* unchecked */
out:
	return;
}
