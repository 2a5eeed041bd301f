// Inputs for uaccess_distance.cocci: __uaccess_begin() relies on a check elsewhere.

/* the check is in the caller, some lines up */
static int raw_store(u32 __user *p, u32 v)
{
	__uaccess_begin();				/* distance: caller checks */
	unsafe_put_user(v, p, efault);
	__uaccess_end();
	return 0;
efault:
	__uaccess_end();
	return -EFAULT;
}

int checked_caller(u32 __user *p, u32 v)
{
	if (!access_ok(p, sizeof(*p)))
		return -EFAULT;
	return raw_store(p, v);
}

/* a second caller does not check */
int unchecked_caller(u32 __user *p)
{
	return raw_store(p, 0);
}

/* no caller at all */
unsigned long raw_copy(void __user *to, const void *from, unsigned long n)
{
	__uaccess_begin_nospec();			/* distance: no caller */
	n = raw_copy_asm(to, from, n);
	__uaccess_end();
	return n;
}

/* the check is in the function: fine */
int checked_here(u32 __user *p, u32 v)
{
	if (WARN_ON_ONCE(!access_ok(p, sizeof(*p))))
		return -EFAULT;
	__uaccess_begin();
	unsafe_put_user(v, p, efault);
	__uaccess_end();
	return 0;
efault:
	__uaccess_end();
	return -EFAULT;
}
