/* inputs for uaccess_inverted.cocci */

/* inverted test (powerpc do_setcontext shape): both accesses are unchecked */
int inverted(u32 __user *p, u32 *v)
{
	if (user_read_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(*v, p, efault);
	unsafe_get_user(v[1], p + 1, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}

/* the same with a goto */
int inverted_goto(struct sigframe __user *frame, u32 *v)
{
	if (user_read_access_begin(frame, sizeof(*frame)))
		goto bad;
	unsafe_get_user(*v, &frame->flags, efault);
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
bad:
	return -EFAULT;
}

/* the right way round: silent */
int right_way(u32 __user *p, u32 *v)
{
	if (!user_read_access_begin(p, sizeof(*p)))
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
		unsafe_put_user(0, p, out);
		return -EFAULT;
	}
	unsafe_put_user(1, p, out);
	user_write_access_end();
	return 0;
out:
	return -EFAULT;
}

/* access_ok() failing */
int failed_access_ok(u32 __user *p)
{
	if (!access_ok(p, sizeof(*p))) {
		__uaccess_begin();
		unsafe_put_user(0, p, out);
		__uaccess_end();
	}
	return 0;
out:
	return -EFAULT;
}
