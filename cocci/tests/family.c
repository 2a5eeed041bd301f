// Inputs for uaccess_family.cocci: each rule as a bug and as its correct look-alike.
struct rec { u32 a; u32 b; };
struct req { u64 out; u64 len; };
struct ctx { u32 __user *uptr; };

/* a system call's argument: the user's own value */
SYSCALL_DEFINE2(fam_get, u32 __user *, p, u32, flags)
{
	u32 v;

	if (__get_user(v, p))				/* unchecked */
		return -EFAULT;
	return v;
}

SYSCALL_DEFINE2(fam_get_ok, u32 __user *, p, u32, flags)
{
	u32 v;

	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	if (__get_user(v, p))
		return -EFAULT;
	return v;
}

/* the check in the same condition, before the access */
SYSCALL_DEFINE2(fam_cond_ok, struct rec __user *, r, u32, flags)
{
	u32 a, b;

	if (!access_ok(r, sizeof(*r)) || __get_user(a, &r->a) || __get_user(b, &r->b))
		return -EFAULT;
	return a + b;
}

/* an ioctl handler's unsigned long arg */
static long fam_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	u32 __user *up = (u32 __user *)arg;

	return __put_user(1, up);			/* unchecked */
}

static long fam_ioctl_ok(struct file *f, unsigned int cmd, unsigned long arg)
{
	u32 __user *up = (u32 __user *)arg;

	if (!access_ok(up, sizeof(*up)))
		return -EFAULT;
	return __put_user(1, up);
}

/* a static helper: its callers must validate; one passes a pointer made from an integer */
static int fam_copy_out(void __user *dst, const struct rec *r)
{
	return __copy_to_user(dst, r, sizeof(*r));
}

int fam_bad_caller(struct req *args, const struct rec *r)
{
	return fam_copy_out(u64_to_user_ptr(args->out), r);	/* unchecked, at the call */
}

int fam_good_caller(struct req *args, const struct rec *r)
{
	void __user *dst = u64_to_user_ptr(args->out);

	if (!access_ok(dst, sizeof(*r)))
		return -EFAULT;
	return fam_copy_out(dst, r);
}

/* a pointer kept in a kernel structure: checked where the file does not show (level 2) */
int fam_kept(struct ctx *c)
{
	return __put_user(0, c->uptr);			/* unproven */
}

int fam_kept_ok(struct ctx *c)
{
	if (!access_ok(c->uptr, sizeof(u32)))
		return -EFAULT;
	return __put_user(0, c->uptr);
}

/* a family call in an open region ends it on x86 and powerpc */
int fam_in_region(struct rec __user *r, u32 __user *extra)
{
	u32 e;

	if (!user_read_access_begin(r, sizeof(*r)))
		return -EFAULT;
	unsafe_get_user(e, &r->a, efault);
	if (__get_user(e, &r->b))			/* region */
		goto efault;
	user_read_access_end();
	return e;
efault:
	user_read_access_end();
	return -EFAULT;
}

int fam_after_region(struct rec __user *r)
{
	u32 e, f;

	if (!user_read_access_begin(r, sizeof(*r)))
		return -EFAULT;
	unsafe_get_user(e, &r->a, efault);
	user_read_access_end();
	if (__get_user(f, &r->b))
		return -EFAULT;
	return e + f;
efault:
	user_read_access_end();
	return -EFAULT;
}

/* a copy of a run-time length: checked for that same length, or for another */
SYSCALL_DEFINE3(fam_len, void __user *, buf, size_t, n, size_t, m)
{
	char k[64];

	if (n > sizeof(k) || m > sizeof(k) || !access_ok(buf, n))
		return -EINVAL;
	return __copy_from_user(k, buf, m);		/* unproven */
}

SYSCALL_DEFINE3(fam_len_ok, void __user *, buf, size_t, n, size_t, m)
{
	char k[64];

	if (n > sizeof(k) || !access_ok(buf, n))
		return -EINVAL;
	return __copy_from_user(k, buf, n);
}

/* a pointer read from user memory */
SYSCALL_DEFINE1(fam_indirect, struct req __user *, ureq)
{
	struct req r;
	u32 v;

	if (copy_from_user(&r, ureq, sizeof(r)))
		return -EFAULT;
	return __get_user(v, (u32 __user *)(unsigned long)r.out);	/* unchecked */
}

/* a check helper of the file: a call of it validates its argument */
static int fam_fetch(struct rec *k, struct rec __user *u)
{
	return copy_from_user(k, u, sizeof(*k)) ? -EFAULT : 0;
}

SYSCALL_DEFINE1(fam_helper_ok, struct rec __user *, u)
{
	struct rec k;
	int err;

	err = fam_fetch(&k, u);
	if (err)
		return err;
	return __put_user(k.a + k.b, &u->b);
}

/* a global function's parameter with no caller in the file (level 2) */
int fam_global(u32 __user *p)
{
	return __put_user(0, p);			/* unproven */
}

/* the check far above (level 2) */
SYSCALL_DEFINE1(fam_far, u32 __user *, p)
{
	u32 v = 0;

	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	v += 1;
	v += 2;
	v += 3;
	v += 4;
	v += 5;
	v += 6;
	v += 7;
	v += 8;
	v += 9;
	v += 10;
	v += 11;
	v += 12;
	v += 13;
	v += 14;
	v += 15;
	v += 16;
	v += 17;
	v += 18;
	v += 19;
	return __put_user(v, p);			/* distance */
}
